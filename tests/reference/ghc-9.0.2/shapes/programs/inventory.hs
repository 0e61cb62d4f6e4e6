module Main where

import Data.List (sortBy, foldl')
import Data.Ord (comparing)
import Data.Maybe (mapMaybe, fromMaybe)

data Category = Tools | Food | Toys deriving (Show, Eq, Ord)

data Item = Item
  { itemName  :: String
  , category  :: Category
  , price     :: Int
  , quantity  :: Int
  } deriving (Show, Eq)

class Priced a where
  cost :: a -> Int
  discounted :: Int -> a -> Int
  discounted pct x = cost x - (cost x * pct) `div` 100

instance Priced Item where
  cost it = price it * quantity it

stock :: [Item]
stock =
  [ Item "hammer" Tools 1200 3
  , Item "apple" Food 30 120
  , Item "kite" Toys 850 7
  , Item "saw" Tools 2300 2
  , Item "bread" Food 250 40
  , Item "yoyo" Toys 199 25
  , Item "drill" Tools 5400 1
  , Item "cheese" Food 900 12
  ]

findItem :: String -> [Item] -> Maybe Item
findItem _ [] = Nothing
findItem n (i:is)
  | itemName i == n = Just i
  | otherwise = findItem n is

restock :: Int -> Item -> Item
restock n it = it { quantity = quantity it + n }

totalBy :: Category -> [Item] -> Int
totalBy c = foldl' (\acc it -> acc + cost it) 0 . filter ((== c) . category)

report :: Item -> String
report it = pad 8 (itemName it) ++ " " ++ pad 6 (show (category it)) ++ " " ++ show (cost it)
  where
    pad n s = s ++ replicate (n - length s) ' '

sellAll :: [(String, Int)] -> [Item] -> Either String [Item]
sellAll [] items = Right items
sellAll ((n, k):rest) items =
  case findItem n items of
    Nothing -> Left ("no such item: " ++ n)
    Just it
      | quantity it < k -> Left ("not enough " ++ n)
      | otherwise -> sellAll rest (map upd items)
      where upd x = if itemName x == n then x { quantity = quantity x - k } else x

main :: IO ()
main = do
  mapM_ (putStrLn . report) (sortBy (comparing cost) stock)
  print (map (\c -> (c, totalBy c stock)) [Tools, Food, Toys])
  print (fromMaybe 0 (fmap cost (findItem "kite" stock)))
  print (map (discounted 15) stock)
  let bigger = iterate (map (restock 1)) stock !! 50
  print (sum (map cost bigger))
  print (mapMaybe (\n -> fmap quantity (findItem n stock)) ["saw", "nail", "bread"])
  case sellAll [("apple", 20), ("kite", 2)] stock of
    Left err -> putStrLn err
    Right items -> print (map quantity items)
  case sellAll [("apple", 20), ("saw", 5)] stock of
    Left err -> putStrLn err
    Right items -> print (map quantity items)
  print (maximum (map cost stock), minimum (map price stock))
