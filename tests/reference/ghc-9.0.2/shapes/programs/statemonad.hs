import Control.Monad

newtype State s a = State { runState :: s -> (a, s) }

instance Functor (State s) where
  fmap f (State g) = State $ \s -> let (a, s') = g s in (f a, s')

instance Applicative (State s) where
  pure a = State $ \s -> (a, s)
  State f <*> State g = State $ \s ->
    let (h, s1) = f s
        (a, s2) = g s1
    in (h a, s2)

instance Monad (State s) where
  return = pure
  State g >>= f = State $ \s ->
    let (a, s1) = g s
    in runState (f a) s1

get :: State s s
get = State $ \s -> (s, s)

put :: s -> State s ()
put s = State $ \_ -> ((), s)

modify :: (s -> s) -> State s ()
modify f = State $ \s -> ((), f s)

evalState :: State s a -> s -> a
evalState m s = fst (runState m s)

execState :: State s a -> s -> s
execState m s = snd (runState m s)

counter :: Int -> State Int Int
counter n = do
  forM_ [1..n] $ \i -> modify (+i)
  x <- get
  when (x > 10) $ put (x * 2)
  y <- get
  return (y + 1)

label :: [String] -> State Int [(Int, String)]
label = mapM (\s -> do { n <- get; put (n + 1); return (n, s) })

sumTo :: [Int] -> State Int ()
sumTo = mapM_ (\c -> modify (+c))

fib :: Int -> State [(Int, Integer)] Integer
fib n
  | n < 2 = return (fromIntegral n)
  | otherwise = do
      memo <- get
      case lookup n memo of
        Just v -> return v
        Nothing -> do
          a <- fib (n - 1)
          b <- fib (n - 2)
          let r = a + b
          modify ((n, r) :)
          return r

main :: IO ()
main = do
  print (evalState (counter 100) 0)
  print (evalState (label ["a", "b", "c"]) 10)
  print (execState (sumTo [1..1000]) 0)
  print (evalState (fib 90) [])
  print (evalState (fmap (*2) get) 21)
  print (runState (replicateM 3 (modify (+1) >> get)) 0)
