-- A class with instance contexts (lists, pairs, Maybe), defaults, and polymorphic users
import Data.List (intercalate)

class Pretty a where
  pretty :: a -> String
  width :: a -> Int
  width = length . pretty

instance Pretty Int where
  pretty n = if n < 0 then "(" ++ show n ++ ")" else show n

instance Pretty Bool where
  pretty True = "yes"
  pretty False = "no"

instance Pretty Char where
  pretty c = [c]
  width _ = 1

instance Pretty a => Pretty [a] where
  pretty xs = "[" ++ intercalate ", " (map pretty xs) ++ "]"

instance (Pretty a, Pretty b) => Pretty (a, b) where
  pretty (a, b) = "<" ++ pretty a ++ " | " ++ pretty b ++ ">"

instance Pretty a => Pretty (Maybe a) where
  pretty Nothing = "-"
  pretty (Just x) = "+" ++ pretty x
  width Nothing = 0
  width (Just x) = width x

data Tree a = Leaf | Node (Tree a) a (Tree a)

instance Pretty a => Pretty (Tree a) where
  pretty Leaf = "."
  pretty (Node l x r) = "(" ++ pretty l ++ " " ++ pretty x ++ " " ++ pretty r ++ ")"

fromList :: Ord a => [a] -> Tree a
fromList = foldr ins Leaf
  where ins x Leaf = Node Leaf x Leaf
        ins x t@(Node l y r) | x < y = Node (ins x l) y r
                             | x > y = Node l y (ins x r)
                             | otherwise = t

column :: Pretty a => [a] -> [String]
column xs = map pad xs
  where w = maximum (map width xs)
        pad x = replicate (w - width x) ' ' ++ pretty x

widest :: Pretty a => [a] -> Int
widest = foldr (max . width) 0

main :: IO ()
main = do
  putStrLn (pretty [1, -2, 3 :: Int])
  putStrLn (pretty [(1 :: Int, True), (-5, False)])
  putStrLn (pretty (Just "hello", [Just 'x', Nothing]))
  putStrLn (pretty ["ab", "cd"])
  mapM_ putStrLn (column [Just (i * i - 50) | i <- [1 .. 12 :: Int]])
  let t = fromList [(i * 37) `mod` 101 :: Int | i <- [1 .. 40]]
  print (length (pretty t), widest [[i, -i] | i <- [1 .. 300 :: Int]])
  putStrLn (pretty (fromList "pretty"))
  print (sum (map width [(i, even i) | i <- [1 .. 400 :: Int]]))
