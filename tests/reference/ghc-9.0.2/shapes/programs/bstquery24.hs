-- A tree built then queried: an unbalanced search tree built by insertion from a
-- pseudo-random list, kept while many lookups run over it, then its size and depth.
data BST = Tip | Bin BST !Int BST

insert :: Int -> BST -> BST
insert x Tip = Bin Tip x Tip
insert x t@(Bin l y r)
  | x < y = Bin (insert x l) y r
  | x > y = Bin l y (insert x r)
  | otherwise = t

member :: Int -> BST -> Bool
member _ Tip = False
member x (Bin l y r)
  | x < y = member x l
  | x > y = member x r
  | otherwise = True

size :: BST -> Int
size Tip = 0
size (Bin l _ r) = size l + 1 + size r

depth :: BST -> Int
depth Tip = 0
depth (Bin l _ r) = 1 + max (depth l) (depth r)

keys :: Int -> [Int]
keys n = take n (iterate (\k -> (k * 1103 + 12345) `mod` 65521) 7)

main :: IO ()
main = do
  let t = foldr insert Tip (keys 6000)
  print (length (filter (`member` t) [1 .. 30000]))
  print (size t, depth t)
