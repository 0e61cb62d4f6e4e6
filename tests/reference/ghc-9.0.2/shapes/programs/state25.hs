import Data.Char (toUpper)
import qualified Data.Map as M

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
  State g >>= k = State $ \s -> let (a, s') = g s in runState (k a) s'

get :: State s s
get = State $ \s -> (s, s)

put :: s -> State s ()
put s = State $ \_ -> ((), s)

modify :: (s -> s) -> State s ()
modify f = get >>= put . f

evalState :: State s a -> s -> a
evalState m s = fst (runState m s)

newtype Writer w a = Writer { runWriter :: (a, w) }

instance Functor (Writer w) where
  fmap f (Writer (a, w)) = Writer (f a, w)

instance Monoid w => Applicative (Writer w) where
  pure a = Writer (a, mempty)
  Writer (f, w1) <*> Writer (a, w2) = Writer (f a, w1 <> w2)

instance Monoid w => Monad (Writer w) where
  Writer (a, w) >>= k = let Writer (b, w') = k a in Writer (b, w <> w')

tell :: w -> Writer w ()
tell w = Writer ((), w)

fresh :: State Int String
fresh = do
  n <- get
  put (n + 1)
  return ("v" ++ show n)

labelTree :: Tree a -> State Int (Tree (String, a))
labelTree Leaf = return Leaf
labelTree (Node l x r) = do
  l' <- labelTree l
  v <- fresh
  r' <- labelTree r
  return (Node l' (v, x) r')

data Tree a = Leaf | Node (Tree a) a (Tree a) deriving Show

counter :: [String] -> State (M.Map String Int) ()
counter ws = mapM_ (\w -> modify (M.insertWith (+) w 1)) ws

collatzW :: Int -> Writer [Int] Int
collatzW 1 = do
  tell [1]
  return 0
collatzW n = do
  tell [n]
  k <- collatzW (if even n then n `div` 2 else 3 * n + 1)
  return (k + 1)

main :: IO ()
main = do
  let t = Node (Node Leaf 'a' Leaf) 'b' (Node Leaf 'c' (Node Leaf 'd' Leaf))
  print (evalState (labelTree t) 0)
  print (M.toList (snd (runState (counter (words "a b a c b a d")) M.empty)))
  print (runWriter (collatzW 6))
  print (evalState (mapM (\x -> do { n <- get; put (n + x); return (n * x) }) [1 .. 10]) 0)
  print (evalState (sequence (replicate 3 fresh)) 7)
  print (fst (runState (fmap (map toUpper) fresh) 41))
