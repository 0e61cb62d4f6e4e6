import Data.List (foldl')

data Tree a = Leaf | Node (Tree a) a (Tree a)

instance Foldable Tree where
  foldr _ z Leaf = z
  foldr f z (Node l x r) = foldr f (f x (foldr f z r)) l

newtype Bag a = Bag [a]

instance Foldable Bag where
  foldMap f (Bag xs) = mconcat (map f xs)
  length (Bag xs) = 100 + length xs

build :: [Int] -> Tree Int
build = foldr ins Leaf
  where
    ins x Leaf = Node Leaf x Leaf
    ins x t@(Node l v r)
      | x < v = Node (ins x l) v r
      | x > v = Node l v (ins x r)
      | otherwise = t

main :: IO ()
main = do
  let t = build [5, 2, 8, 1, 9, 3]
  print (sum t, product t, length t, maximum t, minimum t)
  print (foldr (:) [] t)
  print (elem 8 t, elem 7 t, null t, null (Leaf :: Tree Int))
  print (foldl' (+) 0 t, foldl (flip (:)) [] t)
  print (any even t, all (> 0) t, concatMap show t)
  mapM_ print t
  print (length (Bag "abc"), sum (Bag [1, 2, 3 :: Int]), maximum (Bag "hello"))
