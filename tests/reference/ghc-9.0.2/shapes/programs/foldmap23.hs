import Data.Foldable (toList)

data Tree a = Leaf | Node (Tree a) a (Tree a)

instance Functor Tree where
  fmap _ Leaf = Leaf
  fmap f (Node l x r) = Node (fmap f l) (f x) (fmap f r)

instance Foldable Tree where
  foldMap _ Leaf = mempty
  foldMap f (Node l x r) = foldMap f l <> f x <> foldMap f r

instance Traversable Tree where
  traverse _ Leaf = pure Leaf
  traverse f (Node l x r) = Node <$> traverse f l <*> f x <*> traverse f r

insert :: Ord a => a -> Tree a -> Tree a
insert x Leaf = Node Leaf x Leaf
insert x t@(Node l y r)
  | x < y = Node (insert x l) y r
  | x > y = Node l y (insert x r)
  | otherwise = t

fromList :: Ord a => [a] -> Tree a
fromList = foldr insert Leaf

safeRecip :: Int -> Maybe Int
safeRecip 0 = Nothing
safeRecip x = Just (100 `div` x)

main :: IO ()
main = do
  let t = fromList [5, 3, 8, 1, 4, 7, 9 :: Int]
  print (sum t, product t, length t, maximum t, minimum t)
  print (toList t)
  print (elem 4 t, null t, null (Leaf :: Tree Int))
  print (foldl (-) 0 t)
  print (fmap toList (traverse safeRecip t))
  print (fmap toList (traverse safeRecip (insert 0 t)))
  t2 <- traverse (\x -> do { print x; return (x * 2) }) t
  print (toList t2)
  mapM_ print (fmap (+ 1) t)
  print (concatMap show t)
