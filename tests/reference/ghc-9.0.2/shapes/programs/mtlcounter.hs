import Control.Monad.State

counter :: State Int Int
counter = do
  modify (+1)
  x <- get
  put (x * 2)
  gets (+3)

label :: [String] -> State Int [(Int, String)]
label = mapM (\s -> do { n <- get; put (n + 1); return (n, s) })

tick :: State Int ()
tick = modify' (+1)

step :: Int -> State Int Int
step k = state (\s -> (s * k, s + k))

evens :: [Int] -> State Int [Int]
evens = filterM (\x -> do { modify (+1); return (even x) })

pairs :: State Int [Int]
pairs = zipWithM (\a b -> do { s <- get; put (s + a * b); return (s + a) }) [1 .. 5] [10, 20 ..]

collatz :: Int -> State Int Int
collatz 1 = get
collatz n = do
  modify (+1)
  c <- get
  when (c > 1000) (put 0)
  unless (c >= 0) (put 0)
  collatz (if even n then n `div` 2 else 3 * n + 1)

main :: IO ()
main = do
  print (runState counter 5)
  print (evalState (label ["a", "b", "c"]) 0)
  print (execState (forM_ [1 .. 10] (\i -> modify (+i))) 0)
  print (execState (replicateM_ 100 tick) 0)
  print (runState (replicateM 4 (step 3)) 1)
  print (runState (evens [1 .. 20]) 0)
  print (runState pairs 0)
  print (evalState (collatz 27) 0)
  print (runState (foldM (\acc x -> do { modify (+x); return (acc * 2 + x) }) 0 [1 .. 8]) 0)
  print (evalState (fmap (* 2) get) 21, evalState ((+ 1) <$> gets length) "abc")
  print (runState ((,) <$> step 2 <*> step 5) 4)
  print (runState (withState (* 10) get) 7)
  print (execState (mapM_ (\c -> modify (c :)) "hello") "")
  print (evalState (forM [1 .. 5] (\i -> state (\s -> (i * s, s + 1)))) 1)
  print (runState (zipWithM_ (\a b -> modify (+ (a * b))) [1 .. 10] [2 ..] >> return 'z') 0)
  print (runState (pure 3 >>= \x -> return (x + 1)) ())
