import qualified Data.Map as M
import qualified Data.Set as S
import Data.Foldable (toList, foldl')

data Tree a = Leaf | Node (Tree a) a (Tree a)
instance Foldable Tree where
  foldr _ z Leaf = z
  foldr f z (Node l x r) = foldr f (f x (foldr f z r)) l

newtype Bag a = Bag [a]
instance Foldable Bag where
  foldr f z (Bag xs) = foldr f z xs

fromList :: Ord a => [a] -> Tree a
fromList = foldr ins Leaf
  where
    ins x Leaf = Node Leaf x Leaf
    ins x t@(Node l y r)
      | x < y = Node (ins x l) y r
      | x > y = Node l y (ins x r)
      | otherwise = t

total :: (Foldable t, Num a) => t a -> a
total = foldr (+) 0

summary :: (Foldable t, Ord a, Show a) => t a -> String
summary xs
  | null xs = "empty"
  | otherwise = show (length xs) ++ " items, max " ++ show (maximum xs) ++ ", min " ++ show (minimum xs)

stats :: Foldable t => t Int -> (Int, Int, Bool, [Int])
stats xs = (foldl' (+) 0 xs, product xs, any even xs, take 3 (toList xs))

has :: (Foldable t, Eq a) => a -> t a -> Bool
has x xs = elem x xs && not (all (/= x) xs)

main :: IO ()
main = do
  let t = fromList [(i * 37) `mod` 101 | i <- [1 .. 40 :: Int]]
      m = M.fromList [(k, k * k) | k <- [1 .. 10 :: Int]]
      s = S.fromList "mississippi"
  print (total [1 .. 100 :: Int], total (Just 2.5), total t, total m, total (Bag [1, 2, 3 :: Integer]))
  mapM_ putStrLn [summary t, summary m, summary s, summary (Nothing :: Maybe Int), summary "hello"]
  print (stats [1 .. 10], stats t, stats (Just 7), stats m)
  print (has 37 t, has 'p' s, has 49 m, has 3 (Bag [1, 2]), concatMap show (Bag [1, 2, 3 :: Int]))
