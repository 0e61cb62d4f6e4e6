-- Instances of Show, Eq and Ord that the program declares (issue 18: classes)
import Data.List (sort, nub, sortBy, maximumBy)
import Data.Ord (comparing)

data Suit = Hearts | Spades deriving (Eq)

data Card = Card Int Suit

instance Show Suit where
  show Hearts = "h"
  show Spades = "s"

instance Show Card where
  showsPrec d (Card r s) = showParen (d > 10) (showString "Card " . shows r . showString (show s))

instance Eq Card where
  Card a s == Card b t = a == b && s == t

instance Ord Card where
  compare (Card a _) (Card b _) = compare a b

-- an Eq with (/=) only, an Ord with (<=) only
newtype Version = Version [Int]

instance Eq Version where
  Version a /= Version b = a /= b

instance Ord Version where
  Version a <= Version b = a <= b

instance Show Version where
  show (Version xs) = "v" ++ dotted xs
    where dotted [] = ""
          dotted [x] = show x
          dotted (x:rest) = show x ++ "." ++ dotted rest

-- a parameterised type with a context
data Pair a = Pair a a

instance Show a => Show (Pair a) where
  show (Pair x y) = "<" ++ show x ++ "|" ++ show y ++ ">"

instance Eq a => Eq (Pair a) where
  (==) (Pair a b) (Pair c d) = a == c && b == d

instance Ord a => Ord (Pair a) where
  compare (Pair a b) (Pair c d)
    | a == c = compare b d
    | otherwise = compare a c

data Tree a = Leaf | Node (Tree a) a (Tree a)

instance Show a => Show (Tree a) where
  showsPrec _ Leaf = showString "."
  showsPrec d (Node l x r) = showParen (d > 10) (showsPrec 11 l . showChar ' ' . showsPrec 11 x . showChar ' ' . showsPrec 11 r)

insert :: Ord a => a -> Tree a -> Tree a
insert x Leaf = Node Leaf x Leaf
insert x t@(Node l y r)
  | x < y = Node (insert x l) y r
  | x > y = Node l y (insert x r)
  | otherwise = t

toList :: Tree a -> [a]
toList Leaf = []
toList (Node l x r) = toList l ++ [x] ++ toList r

cards :: [Card]
cards = [Card (r * 7 `mod` 13 + 1) s | r <- [1 .. 40], s <- [Hearts, Spades]]

main :: IO ()
main = do
  print (take 6 cards)
  print (Just (Card 3 Hearts), [Card 1 Spades])
  print (maximum cards, minimum cards, Card 3 Hearts `elem` cards)
  print (length (nub cards), take 5 (sort cards))
  let vs = [Version [1, k `mod` 3, k] | k <- [1 .. 30]]
  print (take 4 (sort vs), Version [1] == Version [1], Version [1, 2] > Version [1, 1])
  print (maximumBy (comparing (\(Version xs) -> sum xs)) vs)
  let ps = [Pair (i `mod` 5) (i `mod` 3) | i <- [1 .. 200 :: Int]]
  print (take 3 ps, length (nub ps), maximum ps)
  print (sortBy (flip compare) (take 8 ps))
  let t = foldr insert Leaf (map (\i -> i * 37 `mod` 101) [1 .. 300 :: Int])
  print (length (toList t), take 5 (toList t))
  print (foldr insert Leaf [Pair 'a' 'b', Pair 'a' 'a', Pair 'c' 'a'])
  print (length (show t))
