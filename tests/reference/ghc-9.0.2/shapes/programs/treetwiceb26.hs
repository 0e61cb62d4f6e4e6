-- A tree built from a list, then traversed twice: a sum by a fold, then its flattening
-- and depth; kept whole between the traversals.
data Tree = Leaf | Node Tree Int Tree

build :: [Int] -> Tree
build [] = Leaf
build xs = let (l, x : r) = splitAt (length xs `div` 2) xs in Node (build l) x (build r)

sumT :: Tree -> Int
sumT Leaf = 0
sumT (Node l x r) = sumT l + x + sumT r

toList :: Tree -> [Int]
toList Leaf = []
toList (Node l x r) = toList l ++ [x] ++ toList r

depth :: Tree -> Int
depth Leaf = 0
depth (Node l _ r) = 1 + max (depth l) (depth r)

main :: IO ()
main = do
  let t = build [(i * 53) `mod` 1009 | i <- [1 .. 8000]]
  print (sumT t)
  print (length (filter even (toList t)))
  print (depth t)
