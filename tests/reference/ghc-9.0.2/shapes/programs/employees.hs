module Main where

import Data.List (sortBy, groupBy, foldl', intercalate, nub, partition, transpose, isPrefixOf)
import Data.Char (isUpper, isLower, toLower, isSpace)
import Data.Maybe (fromMaybe, mapMaybe, catMaybes)
import Control.Monad (forM_, when, unless, zipWithM_)

type Name = String
data Employee = Employee { ename :: Name, dept :: String, salary :: Int } deriving (Show, Eq)

employees :: [Employee]
employees =
  [ Employee "alice" "eng" 120
  , Employee "bob" "eng" 100
  , Employee "carol" "ops" 90
  , Employee "dave" "ops" 95
  , Employee "eve" "sales" 70 ]

byDept :: [Employee] -> [(String, [Employee])]
byDept es = [ (dept (head g), g) | g <- groupBy (\a b -> dept a == dept b) (sortBy (\a b -> compare (dept a) (dept b)) es) ]

average :: [Int] -> Double
average [] = 0
average xs = fromIntegral (sum xs) / fromIntegral (length xs)

raise :: Int -> Employee -> Employee
raise pct e = e { salary = salary e + salary e * pct `div` 100 }

camel :: String -> String
camel = concatMap cap . words
  where cap (c:cs) = toUpperC c : map toLower cs
        cap [] = []
        toUpperC c = if isLower c then toEnum (fromEnum c - 32) else c

rle :: String -> [(Char, Int)]
rle = map (\g -> (head g, length g)) . groupBy (==)

main :: IO ()
main = do
  forM_ (byDept employees) $ \(d, es) -> do
    putStrLn (d ++ ": " ++ intercalate ", " (map ename es))
    putStrLn ("  avg " ++ show (average (map salary es)))
  let raised = map (raise 10) employees
  print (map salary raised)
  let (rich, poor) = partition ((> 95) . salary) employees
  print (length rich, length poor)
  zipWithM_ (\i e -> putStrLn (show i ++ ". " ++ ename e)) [1 :: Int ..] (take 2 employees)
  putStrLn (camel "hello big wide world")
  print (rle "aaabccdddd")
  print (transpose ["abc", "de", "f"])
  print (mapMaybe (\x -> if x > 2 then Just (x * x) else Nothing) [1 .. 5 :: Int])
  when (any (isPrefixOf "ca" . ename) employees) $ putStrLn "found ca"
  let total = foldl' (\acc e -> acc + salary e) 0 employees
  unless (total < 0) $ print total
  print $ fromMaybe 0 (lookup "bob" [(ename e, salary e) | e <- employees])
