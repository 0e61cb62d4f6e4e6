import Control.Monad.Trans.State.Strict

sumList :: [Int] -> State Int ()
sumList = mapM_ (\x -> modify' (+ x))

average :: [Double] -> State (Double, Int) Double
average xs = do
  mapM_ (\x -> modify (\(s, n) -> (s + x, n + 1))) xs
  (s, n) <- get
  return (s / fromIntegral n)

main :: IO ()
main = do
  print (execState (sumList [1 .. 1000]) 0)
  print (runState (average [1.5, 2.5, 3.5, 4.5]) (0, 0))
  print (evalState (gets fst) (3 :: Int, 'x'))
  print (runState (state (\s -> (s, s + 1)) >>= \a -> put (a * 10) >> return a) 4)
