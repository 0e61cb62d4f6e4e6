import Control.Monad

-- ($) and ($!) are calls of base's functions at -O0: their operands are atoms, so a
-- partial application on the left is a thunk (`when c $ act`)
withDollar :: Int -> IO ()
withDollar n = do
  when (n > 20) $ print n
  unless (n > 20) $ print (n + 1)

withParens :: Int -> IO ()
withParens n = do
  when (n > 20) (print n)
  unless (n > 20) (print (n + 1))

add :: Int -> Int -> Int
add a b = a + b

strictApp :: Int -> Int
strictApp n = add n $! (n * 2)

plainApp :: Int -> Int
plainApp n = add n (n * 2)

main :: IO ()
main = do
  mapM_ withDollar [1 .. 50]
  mapM_ withParens [1 .. 50]
  print (sum (map strictApp [1 .. 100]))
  print (sum (map plainApp [1 .. 100]))
