module Main (main) where

-- Trees: a binary search tree built from a pseudo-random sequence, then folded.
data Tree = Leaf | Node Tree Int Tree

insert :: Int -> Tree -> Tree
insert x Leaf = Node Leaf x Leaf
insert x t@(Node l v r)
  | x < v = Node (insert x l) v r
  | x > v = Node l v (insert x r)
  | otherwise = t

randoms :: Int -> Int -> [Int]
randoms 0 _ = []
randoms n seed = seed `mod` 1000 : randoms (n - 1) ((seed * 1103 + 12345) `mod` 65536)

size :: Tree -> Int
size Leaf = 0
size (Node l _ r) = size l + 1 + size r

depth :: Tree -> Int
depth Leaf = 0
depth (Node l _ r) = 1 + max (depth l) (depth r)

toList :: Tree -> [Int]
toList Leaf = []
toList (Node l v r) = toList l ++ [v] ++ toList r

main :: IO ()
main = do
  let t = foldr insert Leaf (randoms 600 42)
  putStrLn ("size " ++ show (size t))
  putStrLn ("depth " ++ show (depth t))
  putStrLn ("sum " ++ show (sum (toList t)))
  putStrLn ("first " ++ unwords (map show (take 8 (toList t))))
