data Tree a = Leaf | Node (Tree a) a (Tree a) deriving Show

instance Functor Tree where
  fmap _ Leaf = Leaf
  fmap f (Node l x r) = Node (fmap f l) (f x) (fmap f r)

data Pair a = Pair a a deriving Show

instance Functor Pair where
  fmap f (Pair x y) = Pair (f x) (f y)

build :: Int -> Tree Int
build 0 = Leaf
build n = Node (build (n - 1)) n (build (n `div` 2))

size :: Tree a -> Int
size Leaf = 0
size (Node l _ r) = size l + 1 + size r

main :: IO ()
main = do
  print (fmap (* 2) [1, 2, 3 :: Int])
  print ((+ 1) <$> Just (3 :: Int), fmap show (Nothing :: Maybe Int))
  print (fmap length (Right "abc" :: Either Int String), fmap negate (Left 4 :: Either Int Int))
  print (fmap (+ 1) ("x", 1 :: Int))
  print (fmap (* 10) (build 3))
  print (length . show <$> Pair 12 345)
  let t = fmap (\x -> x * x) (build 14)
  print (size t, size (fmap show t))
  r <- fmap (+ 1) (return 41)
  print r
