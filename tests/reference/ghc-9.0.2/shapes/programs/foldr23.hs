import Data.Foldable (toList)
import Control.Monad (when)

data Tree a = Leaf | Node (Tree a) a (Tree a)

instance Foldable Tree where
  foldr _ z Leaf = z
  foldr f z (Node l x r) = foldr f (f x (foldr f z r)) l

build :: Int -> Int -> Tree Int
build lo hi
  | lo > hi = Leaf
  | otherwise = let m = (lo + hi) `div` 2 in Node (build lo (m - 1)) m (build (m + 1) hi)

tSum, tProduct, tLength, tMaximum, tMinimum :: Tree Int -> Int
tSum t = sum t
tProduct t = product (fmap' (`mod` 3) t)
tLength t = length t
tMaximum t = maximum t
tMinimum t = minimum t

fmap' :: (a -> b) -> Tree a -> Tree b
fmap' _ Leaf = Leaf
fmap' f (Node l x r) = Node (fmap' f l) (f x) (fmap' f r)

tElem :: Tree Int -> Bool
tElem t = elem 999 t

tNull :: Tree Int -> Bool
tNull t = null t

tToList :: Tree Int -> [Int]
tToList t = toList t

tFoldl :: Tree Int -> Int
tFoldl t = foldl (-) 0 t

tFoldr :: Tree Int -> Int
tFoldr t = foldr (\x acc -> x + acc) 0 t

tAny :: Tree Int -> Bool
tAny t = any (> 998) t

tConcatMap :: Tree Int -> String
tConcatMap t = concatMap show t

tMapM :: Tree Int -> IO ()
tMapM t = mapM_ (\x -> when (x == 500) (print x)) t

tSeq :: Tree Int -> IO ()
tSeq t = sequence_ (fmap' (\x -> when (x == 7) (print x)) t)

main :: IO ()
main = do
  let t = build 1 1000
  t `seq` return ()
  print (tSum t)
  print (tProduct t)
  print (tLength t)
  print (tMaximum t)
  print (tMinimum t)
  print (tElem t)
  print (tNull t)
  print (length (tToList t))
  print (tFoldl t)
  print (tFoldr t)
  print (tAny t)
  print (length (tConcatMap t))
  tMapM t
  tSeq t
