-- A binary search tree built from a list by repeated insertion, then consumed: flattened
-- in order, summed, its depth taken.
data Tree = Leaf | Node Tree Int Tree

insert :: Int -> Tree -> Tree
insert x Leaf = Node Leaf x Leaf
insert x t@(Node l v r)
  | x < v = Node (insert x l) v r
  | x > v = Node l v (insert x r)
  | otherwise = t

build :: [Int] -> Tree
build = foldl (flip insert) Leaf

toList :: Tree -> [Int]
toList Leaf = []
toList (Node l v r) = toList l ++ [v] ++ toList r

depth :: Tree -> Int
depth Leaf = 0
depth (Node l _ r) = 1 + max (depth l) (depth r)

main :: IO ()
main = do
  let t = build [(i * 7919) `mod` 10007 | i <- [1 .. 3000]]
  print (depth t)
  print (sum (toList t))
  print (length (filter even (toList t)))
