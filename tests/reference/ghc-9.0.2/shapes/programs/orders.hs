{-# LANGUAGE LambdaCase #-}
{-# LANGUAGE TupleSections #-}
-- An ordinary program: parse order lines, validate them with traverse in Either, and report
-- (issue 18: written without looking at the model)
module Main (main) where

import Data.Char (isDigit, isSpace, toUpper)
import Data.Either (partitionEithers)
import Data.Foldable (for_, traverse_)
import Data.Functor ((<&>))
import Data.List (intercalate, sortOn)
import qualified Data.Map as Map

data Item = Item { itemName :: String, qty :: Int, price :: Int }
  deriving (Show, Eq)

data Cmd = Add Item | Remove String | Discount Int
  deriving Show

trim :: String -> String
trim = reverse . dropWhile isSpace . reverse . dropWhile isSpace

number :: String -> Either String Int
number s
  | not (null s) && all isDigit s = Right (read s)
  | otherwise = Left ("not a number: " ++ show s)

parseCmd :: String -> Either String Cmd
parseCmd line = case words line of
  ["add", n, q, p] -> Add <$> (Item n <$> number q <*> number p)
  ["remove", n] -> Right (Remove n)
  ["discount", d] -> number d <&> Discount
  _ -> Left ("bad line: " ++ trim line)

apply :: Map.Map String Item -> Cmd -> Map.Map String Item
apply m = \case
  Add it -> Map.insertWith merge (itemName it) it m
  Remove n -> Map.delete n m
  Discount d -> Map.map (\it -> it { price = price it * (100 - d) `div` 100 }) m
  where merge new old = old { qty = qty old + qty new }

total :: Map.Map String Item -> Int
total = sum . map (\it -> qty it * price it) . Map.elems

report :: Map.Map String Item -> [String]
report m = [ pad 8 (map toUpper (itemName it)) ++ show (qty it) ++ " x " ++ show (price it)
           | it <- sortOn (negate . qty) (Map.elems m) ]
  where pad n s = take n (s ++ repeat ' ')

main :: IO ()
main = do
  let input = [ "add apple 3 40", "add pear 2 55", "add apple 4 40", "remove kiwi"
              , "add fig x 10", "discount 10", "add plum 10 12", "frobnicate", "add kiwi 1 90" ]
      parsed = map parseCmd input
      (errors, cmds) = partitionEithers parsed
  traverse_ putStrLn errors
  let final = foldl apply Map.empty cmds
  for_ (report final) putStrLn
  putStrLn ("total: " ++ show (total final))
  print (traverse parseCmd (take 3 input) <&> length)
  print (traverse number ["1", "22", "333"], traverse number ["4", "five"])
  putStrLn (intercalate "; " (map (\(i, l) -> show i ++ ":" ++ l) (zip [1 :: Int ..] (map (trim . fst) (filter snd (map (\l -> (l, length l > 12)) input))))))
  print (Map.toList (Map.fromListWith (+) (map (,1 :: Int) (concatMap words input))) & take 5)
  where (&) = flip ($)
