import Control.Monad.State
import Data.Char (toUpper)

incr :: Num s => State s ()
incr = modify (+ 1)

countChars :: String -> State (Int, Int) ()
countChars s = forM_ s $ \c -> do
  (u, l) <- get
  if c == toUpper c then put (u + 1, l) else put (u, l + 1)

walk :: Int -> State [Int] Int
walk n = go n
  where
    go :: Int -> State [Int] Int
    go 0 = gets sum
    go k = do
      let v = k * k
      modify (v :)
      go (k - 1)

main :: IO ()
main = do
  print (execState (replicateM_ 3 incr) (0 :: Int))
  print (execState (replicateM_ 3 incr) 1.5)
  print (execState (countChars "HeLLo World") (0, 0))
  print (runState (walk 4) [])
  print (evalState (sequence [get, gets (* 2), state (\s -> (s + 1, s))]) 10)
  let xs = evalState (mapM (\x -> do { t <- get; put (t + x); return (t * x) }) [1 .. 5]) 0
  mapM_ print xs
