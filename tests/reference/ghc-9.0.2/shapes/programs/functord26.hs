data Tree a = Leaf | Node (Tree a) a (Tree a) deriving Show
instance Functor Tree where
  fmap _ Leaf = Leaf
  fmap f (Node l x r) = Node (fmap f l) (f x) (fmap f r)

newtype Box a = Box a deriving Show
instance Functor Box where
  fmap f (Box a) = Box (f a)

double :: Functor f => f Int -> f Int
double = fmap (* 2)

label :: Functor f => String -> f Int -> f String
label p xs = (\x -> p ++ show x) <$> xs

blank :: Functor f => f a -> f ()
blank xs = () <$ xs

quadruple :: Functor f => f Int -> f Int
quadruple = double . double

build :: Int -> Tree Int
build 0 = Leaf
build n = Node (build (n - 1)) n (build (n - 1))

size :: Tree a -> Int
size Leaf = 0
size (Node l _ r) = size l + 1 + size r

main :: IO ()
main = do
  print (double [1 .. 5], double (Just 3), double (Right 4 :: Either String Int), double (Box 7))
  print (label "n" [1, 2], label "m" (Just 9), blank "abc", blank (Box 'x'))
  print (quadruple (build 2))
  print (sum (fmap (`mod` 7) (quadruple [1 .. 200])), size (blank (build 10)))
  n <- double (return 21)
  print n
  s <- label "io" (return 5)
  putStrLn s
  print (fmap length (label "p" ("k", 3 :: Int)))
