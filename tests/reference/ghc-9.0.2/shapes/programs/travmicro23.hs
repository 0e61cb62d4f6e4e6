import Data.Foldable (toList)
import Data.Traversable (for)
import Control.Monad.State

data Tree a = Leaf | Node (Tree a) a (Tree a)

instance Functor Tree where
  fmap _ Leaf = Leaf
  fmap f (Node l x r) = Node (fmap f l) (f x) (fmap f r)

instance Foldable Tree where
  foldr _ z Leaf = z
  foldr f z (Node l x r) = foldr f (f x (foldr f z r)) l

instance Traversable Tree where
  traverse _ Leaf = pure Leaf
  traverse f (Node l x r) = Node <$> traverse f l <*> f x <*> traverse f r

build :: Int -> Int -> Tree Int
build lo hi
  | lo > hi = Leaf
  | otherwise = let m = (lo + hi) `div` 2 in Node (build lo (m - 1)) m (build (m + 1) hi)

tMaybe :: Tree Int -> Maybe (Tree Int)
tMaybe t = traverse (\x -> if x > 0 then Just (x + 1) else Nothing) t

tEither :: Tree Int -> Either String (Tree Int)
tEither t = mapM (\x -> if x > 0 then Right (x * 2) else Left "neg") t

tList :: Tree Int -> [Tree Int]
tList t = traverse (\x -> if x == 3 then [x, -x] else [x]) t

tIO :: Tree Int -> IO (Tree Int)
tIO t = for t (\x -> return (x + 1))

tState :: Tree Int -> Tree Int
tState t = evalState (traverse (\x -> do { n <- get; put (n + x); return n }) t) 0

tSeqA :: Tree Int -> Maybe (Tree Int)
tSeqA t = sequenceA (fmap Just t)

main :: IO ()
main = do
  let t = build 1 1000
  t `seq` return ()
  print (fmap sum (tMaybe t))
  print (either length sum (tEither t))
  print (map sum (tList (build 1 10)))
  t2 <- tIO t
  print (sum t2)
  print (sum (tState t))
  print (fmap length (tSeqA t))
