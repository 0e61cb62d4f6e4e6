data Tree a = Leaf | Node (Tree a) a (Tree a)

instance Show a => Show (Tree a) where
  show Leaf = "."
  show (Node l x r) = "(" ++ show l ++ " " ++ show x ++ " " ++ show r ++ ")"

instance Functor Tree where
  fmap _ Leaf = Leaf
  fmap f (Node l x r) = Node (fmap f l) (f x) (fmap f r)

insert :: Ord a => a -> Tree a -> Tree a
insert x Leaf = Node Leaf x Leaf
insert x t@(Node l y r)
  | x < y = Node (insert x l) y r
  | x > y = Node l y (insert x r)
  | otherwise = t

fromList :: Ord a => [a] -> Tree a
fromList = foldr insert Leaf

toList :: Tree a -> [a]
toList Leaf = []
toList (Node l x r) = toList l ++ [x] ++ toList r

depth :: Tree a -> Int
depth Leaf = 0
depth (Node l _ r) = 1 + max (depth l) (depth r)

member :: Ord a => a -> Tree a -> Bool
member _ Leaf = False
member x (Node l y r) = case compare x y of
  LT -> member x l
  GT -> member x r
  EQ -> True

foldTree :: (b -> a -> b -> b) -> b -> Tree a -> b
foldTree _ z Leaf = z
foldTree f z (Node l x r) = f (foldTree f z l) x (foldTree f z r)

pseudo :: Int -> [Int]
pseudo seed = tail (iterate next seed)
  where next s = (s * 1103515245 + 12345) `mod` 2147483648

main :: IO ()
main = do
  let t = fromList [5, 3, 8, 1, 4, 7, 9, 2, 6 :: Int]
  print t
  print (toList (fmap (* 10) t))
  print (depth t, member 4 t, member 10 t)
  let big = fromList (map (`mod` 1000) (take 2000 (pseudo 42)))
  print (depth big, length (toList big))
  print (foldTree (\l x r -> l + x + r) 0 big)
  print (length (filter (`member` big) [0 .. 999]))
  print (fromList (words "the quick brown fox jumps over the lazy dog"))
