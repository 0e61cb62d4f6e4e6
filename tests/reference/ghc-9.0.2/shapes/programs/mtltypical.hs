import Control.Monad.State
counter :: State Int Int
counter = do { modify (+1); x <- get; put (x * 2); gets (+3) }
label :: [String] -> State Int [(Int, String)]
label = mapM (\s -> do { n <- get; put (n+1); return (n, s) })
main = do
  print (runState counter 5)
  print (evalState (label ["a","b","c"]) 0)
  print (execState (forM_ [1..10] (\i -> modify (+i))) 0)
