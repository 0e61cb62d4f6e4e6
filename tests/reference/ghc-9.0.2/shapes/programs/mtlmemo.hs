import Control.Monad.State.Strict
import qualified Data.Map as M

fib :: Int -> State (M.Map Int Integer) Integer
fib n
  | n < 2 = return (fromIntegral n)
  | otherwise = do
      memo <- get
      case M.lookup n memo of
        Just v -> return v
        Nothing -> do
          a <- fib (n - 1)
          b <- fib (n - 2)
          let r = a + b
          modify (M.insert n r)
          return r

countWords :: [String] -> State (M.Map String Int) ()
countWords = mapM_ (\w -> modify' (M.insertWith (+) w 1))

main :: IO ()
main = do
  let (v, m) = runState (fib 80) M.empty
  print v
  print (M.size m)
  print (M.toList (execState (countWords (words "a b a c b a d e a")) M.empty))
  print (evalState (mapM fib [10, 20, 30]) M.empty)
