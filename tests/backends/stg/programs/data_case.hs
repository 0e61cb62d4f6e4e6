module Main (main) where

data Shape = Circle Double | Rect Double Double | Tri Double Double Double
  deriving (Show, Eq)

data Tree a = Leaf | Node (Tree a) a (Tree a)

insert :: Int -> Tree Int -> Tree Int
insert x Leaf = Node Leaf x Leaf
insert x t@(Node l v r)
  | x < v = Node (insert x l) v r
  | x > v = Node l v (insert x r)
  | otherwise = t

toList :: Tree a -> [a]
toList Leaf = []
toList (Node l v r) = toList l ++ [v] ++ toList r

depth :: Tree a -> Int
depth Leaf = 0
depth (Node l _ r) = 1 + max (depth l) (depth r)

area :: Shape -> Double
area s = case s of
  Circle r -> 3 * r * r
  Rect w h -> w * h
  Tri a b c -> let p = (a + b + c) / 2 in sqrt (p * (p - a) * (p - b) * (p - c))

main :: IO ()
main = do
  let shapes = [Circle 1.0, Rect 2.0 3.5, Tri 3.0 4.0 5.0]
  print (map area shapes)
  print shapes
  print (Rect 1 2 == Rect 1 2, Circle 1 == Circle 2)
  let t = foldr insert Leaf [5, 3, 8, 1, 4, 7, 9, 3]
  print (toList t)
  print (depth t)
  print (zipWith3 f [1, 2, 3] "abc" [True, False, True])
  where
    f n c b
      | b = show n ++ [c]
    f _ c False = [c, c]
