-- hand-written Writer, Reader and State monads with Functor/Applicative/Monad instances
newtype Writer w a = Writer { runWriter :: (a, [w]) }

instance Functor (Writer w) where
  fmap f (Writer (a, w)) = Writer (f a, w)
instance Applicative (Writer w) where
  pure a = Writer (a, [])
  Writer (f, w1) <*> Writer (a, w2) = Writer (f a, w1 ++ w2)
instance Monad (Writer w) where
  Writer (a, w) >>= k = let Writer (b, w') = k a in Writer (b, w ++ w')

tell :: w -> Writer w ()
tell w = Writer ((), [w])

newtype Reader r a = Reader { runReader :: r -> a }

instance Functor (Reader r) where
  fmap f (Reader g) = Reader (f . g)
instance Applicative (Reader r) where
  pure x = Reader (const x)
  Reader f <*> Reader g = Reader (\r -> f r (g r))
instance Monad (Reader r) where
  Reader g >>= k = Reader (\r -> runReader (k (g r)) r)

ask :: Reader r r
ask = Reader id

local :: (r -> r) -> Reader r a -> Reader r a
local f (Reader g) = Reader (g . f)

newtype State s a = State { runState :: s -> (a, s) }

instance Functor (State s) where
  fmap f (State g) = State (\s -> let (a, s') = g s in (f a, s'))
instance Applicative (State s) where
  pure a = State (\s -> (a, s))
  State f <*> State g = State (\s -> let (h, s1) = f s; (a, s2) = g s1 in (h a, s2))
instance Monad (State s) where
  State g >>= k = State (\s -> let (a, s') = g s in runState (k a) s')

get :: State s s
get = State (\s -> (s, s))

put :: s -> State s ()
put s = State (const ((), s))

modify :: (s -> s) -> State s ()
modify f = State (\s -> ((), f s))

collatz :: Int -> Writer String Int
collatz 1 = do
  tell "done"
  return 0
collatz n = do
  tell (show n)
  k <- collatz (if even n then n `div` 2 else 3 * n + 1)
  return (k + 1)

data Config = Config { depth :: Int, indent :: String }

render :: [String] -> Reader Config String
render [] = return ""
render (x:xs) = do
  cfg <- ask
  rest <- local (\c -> c { depth = depth c + 1 }) (render xs)
  return (concat (replicate (depth cfg) (indent cfg)) ++ x ++ "\n" ++ rest)

fresh :: State Int Int
fresh = do
  n <- get
  put (n + 1)
  return n

labelTree :: Tree a -> State Int (Tree (Int, a))
labelTree Tip = return Tip
labelTree (Bin l x r) = do
  l' <- labelTree l
  n <- fresh
  r' <- labelTree r
  return (Bin l' (n, x) r')

data Tree a = Tip | Bin (Tree a) a (Tree a)

toList :: Tree a -> [a]
toList Tip = []
toList (Bin l x r) = toList l ++ [x] ++ toList r

fromList :: [a] -> Tree a
fromList [] = Tip
fromList xs = let (l, x:r) = splitAt (length xs `div` 2) xs in Bin (fromList l) x (fromList r)

main :: IO ()
main = do
  let (steps, logs) = runWriter (collatz 27)
  print steps
  putStrLn (unwords (take 12 logs))
  print (length logs, last logs)
  putStr (runReader (render ["alpha", "beta", "gamma", "delta"]) (Config 0 "  "))
  let (t, next) = runState (labelTree (fromList "profiling")) 100
  print (toList t, next)
  print (fst (runState (mapM (\x -> modify (+ x) >> get) [1 .. 10]) 0))
  print (sum (fst (runState (mapM (const fresh) [1 .. 2000 :: Int]) 0)))
  print (fst (runWriter (mapM (\k -> tell k >> return (k * k)) [1 .. 5 :: Int])))
  print (runReader ((,) <$> fmap depth ask <*> fmap length (fmap indent ask)) (Config 3 "--"))
