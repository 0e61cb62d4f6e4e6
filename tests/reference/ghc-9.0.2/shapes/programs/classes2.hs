import Data.List (sortBy)

infixl 6 <+>

class Monoidish a where
  neutral :: a
  (<+>) :: a -> a -> a

instance Monoidish Int where
  neutral = 0
  (<+>) = (+)

instance Monoidish [b] where
  neutral = []
  xs <+> ys = xs ++ ys

instance Monoidish Bool where
  neutral = False
  (<+>) = (||)

class Show a => Pretty a where
  pretty :: a -> String
  pretty x = "<" ++ show x ++ ">"
  prettyList :: [a] -> String
  prettyList xs = concatMap pretty xs

data Colour = Red | Green deriving (Show, Eq)

instance Pretty Colour where
  pretty Red = "r"
  pretty c = show c

instance Pretty Int

instance Pretty Double where
  pretty d = show (round d :: Int)

data V = V Int Int deriving Show

instance Monoidish V where
  neutral = V 0 0
  V a b <+> V c d = V (a + c) (b + d)

instance Pretty V

mconcatish :: Monoidish a => [a] -> a
mconcatish [x] = x
mconcatish (x:xs) = x <+> mconcatish xs

twice :: Pretty a => a -> String
twice x = pretty x ++ pretty x

class Sized f where
  size :: f a -> Int

data Tree a = Leaf | Node (Tree a) a (Tree a)

instance Sized Tree where
  size Leaf = 0
  size (Node l _ r) = size l + 1 + size r

instance Sized [] where
  size = length

both :: (Sized f, Sized g) => f a -> g b -> Int
both x y = size x + size y

main :: IO ()
main = do
  print (mconcatish [1, 2, 3 :: Int], mconcatish ["ab", "c"], mconcatish [False, True])
  print (mconcatish [V 1 2, V 3 4], (neutral :: V) <+> V 1 1, neutral <+> [True])
  putStrLn (pretty Red ++ pretty Green ++ pretty (3 :: Int) ++ pretty (2.6 :: Double))
  putStrLn (twice Red ++ twice (V 1 2) ++ prettyList [Red, Green, Red])
  let go acc [] = acc
      go acc (c:cs) = go (acc <+> pretty c) cs
  putStrLn (go "" [Green, Red])
  print (both (Node Leaf 'x' (Node Leaf 'y' Leaf)) [1, 2, 3 :: Int], size "hello")
