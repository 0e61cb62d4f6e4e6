-- A binary search tree of pseudo-random keys: built, queried, then folded.
data Tree = Leaf | Node Tree Int Int Tree

insert :: Int -> Int -> Tree -> Tree
insert k v Leaf = Node Leaf k v Leaf
insert k v t@(Node l k' v' r)
  | k < k' = Node (insert k v l) k' v' r
  | k > k' = Node l k' v' (insert k v r)
  | otherwise = Node l k (v + v') r

member :: Int -> Tree -> Bool
member _ Leaf = False
member k (Node l k' _ r)
  | k < k' = member k l
  | k > k' = member k r
  | otherwise = True

size :: Tree -> Int
size Leaf = 0
size (Node l _ _ r) = size l + 1 + size r

depth :: Tree -> Int
depth Leaf = 0
depth (Node l _ _ r) = 1 + max (depth l) (depth r)

total :: Tree -> Int
total Leaf = 0
total (Node l _ v r) = total l + v + total r

keys :: Int -> [Int]
keys seed = tail (iterate next seed)
  where next x = (x * 1103515245 + 12345) `mod` 2147483648

build :: [Int] -> Tree
build = foldr (\k t -> insert (k `mod` 100000) 1 t) Leaf

main :: IO ()
main = do
  let n = 60000
      t = build (take n (keys 42))
  print (size t)
  print (depth t)
  let hits = length (filter (`member` t) [1 .. 200000])
  print hits
  print (total t)
