data Tree a = Leaf | Node (Tree a) a (Tree a) deriving Show

insert :: Ord a => a -> Tree a -> Tree a
insert x Leaf = Node Leaf x Leaf
insert x t@(Node l y r)
  | x < y = Node (insert x l) y r
  | x > y = Node l y (insert x r)
  | otherwise = t

fromList :: Ord a => [a] -> Tree a
fromList = foldr insert Leaf

size :: Tree a -> Int
size Leaf = 0
size (Node l _ r) = size l + 1 + size r

main :: IO ()
main = do
  print (fromList [3, 1, 2 :: Int])
  print (size (fromList "hello world"))
  let f = fromList
  print (size (f [1 .. 10 :: Int]), map (size . fromList) [[1 :: Int], [2, 3]])
