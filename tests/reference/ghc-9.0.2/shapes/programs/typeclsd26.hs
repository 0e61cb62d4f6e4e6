{-# LANGUAGE ScopedTypeVariables #-}
module Main where

import Data.List (foldl', sortBy, groupBy)
import Data.Ord (comparing)
import Data.Function (on)
import qualified Data.Map.Strict as Map

class Container f where
  empty :: f a
  insert :: a -> f a -> f a
  toL :: f a -> [a]

newtype Stack a = Stack [a]
newtype Queue a = Queue ([a], [a])

instance Container Stack where
  empty = Stack []
  insert x (Stack xs) = Stack (x : xs)
  toL (Stack xs) = xs

instance Container Queue where
  empty = Queue ([], [])
  insert x (Queue (f, b)) = Queue (f, x : b)
  toL (Queue (f, b)) = f ++ reverse b

fill :: Container f => [a] -> f a
fill = foldr insert empty

data Employee = Employee { name :: String, dept :: String, salary :: Int }
  deriving (Show, Eq)

employees :: [Employee]
employees =
  [ Employee ("e" ++ show i) (["eng", "ops", "sales"] !! (i `mod` 3)) (1000 + i * 37 `mod` 500)
  | i <- [1 .. 60 :: Int] ]

byDept :: [Employee] -> Map.Map String [Employee]
byDept = foldl' (\m e -> Map.insertWith (++) (dept e) [e] m) Map.empty

raise :: Int -> Employee -> Employee
raise pct e = e { salary = salary e + salary e * pct `div` 100 }

main :: IO ()
main = do
  print (toL (fill [1 .. 10 :: Int] :: Stack Int))
  print (toL (fill "hello" :: Queue Char))
  let m = byDept employees
  mapM_ (\(d, es) -> putStrLn (d ++ ": " ++ show (length es) ++ " " ++ show (sum (map salary es))))
        (Map.toList m)
  let raised = map (raise 10) employees
  print (take 3 raised)
  let groups = groupBy ((==) `on` (`div` 100) . salary) (sortBy (comparing salary) raised)
  print (map length groups)
  print (maximum (map salary raised), minimum (map salary raised))
