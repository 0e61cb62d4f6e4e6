module Main (main) where

import Data.Char (toUpper, isDigit)
import Data.List (sortBy, foldl')

data Category = Tool | Food | Toy deriving (Show, Eq, Ord, Enum, Bounded)

data Item = Item
  { itemName :: String
  , category :: Category
  , price    :: Int
  , stock    :: Int
  } deriving (Show, Eq)

restock :: Int -> Item -> Item
restock n it = it { stock = stock it + n }

value :: Item -> Int
value it = price it * stock it

byCategory :: Category -> [Item] -> [Item]
byCategory c = filter ((== c) . category)

class Describe a where
  describe :: a -> String
  describe _ = "thing"
  label :: a -> String
  label x = map toUpper (describe x)

instance Describe Category where
  describe Tool = "tool"
  describe Food = "food"
  describe Toy = "toy"

instance Describe Item where
  describe it = itemName it ++ " (" ++ describe (category it) ++ ")"

items :: [Item]
items = [ Item ("item" ++ show k) (toEnum (k `mod` 3)) (10 + k * 3 `mod` 17) (k `mod` 5)
        | k <- [1 .. 60 :: Int] ]

parseQty :: String -> Maybe Int
parseQty s | not (null s) && all isDigit s = Just (read s)
           | otherwise = Nothing

total :: [Item] -> Int
total = foldl' (\acc it -> acc + value it) 0

main :: IO ()
main = do
  mapM_ (\c -> putStrLn (label c ++ ": " ++ show (length (byCategory c items)))) [minBound .. maxBound]
  let restocked = map (restock 2) items
  print (total items, total restocked)
  let ranked = take 5 (sortBy (\a b -> compare (value b) (value a)) restocked)
  mapM_ (putStrLn . describe) ranked
  print (map parseQty ["12", "x3", "", "007"])
  print (sum [ q | Just q <- map parseQty (words "4 a 5 b 66") ])
  print [ (c, sum (map stock (byCategory c restocked))) | c <- [Tool ..] ]
  print (maximum (map price items), minimum (map price items))
