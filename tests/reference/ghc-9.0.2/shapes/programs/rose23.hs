data Rose a = Rose a [Rose a]

instance Foldable Rose where
  foldMap f (Rose x kids) = f x <> foldMap (foldMap f) kids

data Pair a = Pair a a deriving Show

instance Functor Pair where
  fmap f (Pair a b) = Pair (f a) (f b)

instance Foldable Pair where
  foldMap f (Pair a b) = f a <> f b

instance Traversable Pair where
  traverse f (Pair a b) = Pair <$> f a <*> f b

build :: Int -> Rose Int
build 0 = Rose 0 []
build n = Rose n [build (n - 1), build (n `div` 2)]

main :: IO ()
main = do
  let r = build 12
  print (sum r, length r, maximum r)
  print (foldr (:) [] (build 3))
  print (any even r, all (> (-1)) r)
  print (traverse (\x -> if x > 0 then Just x else Nothing) (Pair 1 2))
  print (sequenceA (Pair [1, 2] [3 :: Int]))
  print (sum (Pair 3 4), length (Pair 'a' 'b'))
  mapM_ print (Pair "x" "y")
