{-# LANGUAGE ExistentialQuantification #-}
module Main where

import Data.List (sortBy)
import Data.Ord (comparing)

class Shape a where
  area :: a -> Double
  name :: a -> String

data Circle = Circle Double
data Square = Square Double
data Tri = Tri Double Double Double

instance Shape Circle where
  area (Circle r) = pi * r * r
  name _ = "circle"

instance Shape Square where
  area (Square s) = s * s
  name _ = "square"

instance Shape Tri where
  area (Tri a b c) = let s = (a + b + c) / 2 in sqrt (s * (s - a) * (s - b) * (s - c))
  name _ = "triangle"

data AnyShape = forall s. Shape s => AnyShape s

data Showy = forall a. (Show a, Ord a) => Showy [a]

data Pair = forall a b. (Show a, Show b) => Pair a b | NoPair

instance Shape AnyShape where
  area (AnyShape s) = area s
  name (AnyShape s) = name s

describe :: AnyShape -> String
describe (AnyShape s) = name s ++ " of area " ++ show (fromIntegral (round (area s * 100)) / 100 :: Double)

largest :: [AnyShape] -> AnyShape
largest = last . sortBy (comparing area)

summary :: Showy -> String
summary (Showy xs) = show (maximum xs) ++ "/" ++ show (length xs)

showPair :: Pair -> String
showPair (Pair a b) = "<" ++ show a ++ "," ++ show b ++ ">"
showPair NoPair = "none"

main :: IO ()
main = do
  let shapes = [AnyShape (Circle 1), AnyShape (Square 3), AnyShape (Tri 3 4 5)]
               ++ [AnyShape (Circle (fromIntegral k)) | k <- [1 .. 50 :: Int]]
  mapM_ (putStrLn . describe) (take 4 shapes)
  putStrLn (describe (largest shapes))
  print (sum (map area shapes))
  print (map name (filter ((> 10) . area) (take 6 shapes)))
  mapM_ (putStrLn . summary) [Showy [3, 1, 2 :: Int], Showy "hello", Showy [Just True, Nothing]]
  mapM_ (putStrLn . showPair) [Pair (1 :: Int) "one", Pair 'c' [2.5 :: Double], NoPair]
