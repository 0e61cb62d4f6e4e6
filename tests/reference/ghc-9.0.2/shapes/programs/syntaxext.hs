{-# LANGUAGE BangPatterns #-}
{-# LANGUAGE TupleSections #-}
{-# LANGUAGE LambdaCase #-}
{-# LANGUAGE MultiWayIf #-}
{-# LANGUAGE ScopedTypeVariables #-}
{-# LANGUAGE NumericUnderscores #-}
{-# LANGUAGE EmptyDataDecls #-}
-- GHC extensions' syntax ordinary programs use (issue 18)
module Main (main) where

import Data.List (foldl')

data Never

data Shape = Circle Double | Rect Double Double | Tri Double Double Double
  deriving Show

area :: Shape -> Double
area = \case
  Circle r -> pi * r * r
  Rect w h -> w * h
  Tri a b c
    | a + b <= c || a + c <= b || b + c <= a -> 0
    | otherwise -> let s = (a + b + c) / 2 in sqrt (s * (s - a) * (s - b) * (s - c))

classify :: Int -> String
classify n = if | n < 0 -> "negative"
                | n == 0 -> "zero"
                | n < 1_000 -> "small"
                | n < 1_000_000 -> "medium"
                | otherwise -> "large"

collatzLen :: Int -> Int
collatzLen = go 1
  where
    go !acc 1 = acc
    go !acc n = go (acc + 1) (if even n then n `div` 2 else 3 * n + 1)

{-# INLINE half #-}
half :: Int -> Int
half x = x `div` 2

{-# SPECIALISE total :: [Int] -> Int #-}
total :: forall a. Num a => [a] -> a
total = foldl' step 0
  where
    step :: a -> a -> a
    step acc x = acc + x

describe :: Int -> String
describe n = case n `divMod` 7 of
  (q, r) | r == 0 -> "multiple " ++ shown
         | q > r -> "over " ++ shown
         | otherwise -> "under " ++ shown
    where shown = show q ++ "r" ++ show r

main :: IO ()
main = do
  let shapes = [Circle 1.5, Rect 2 3.5, Tri 3 4 5, Tri 1 1 5]
  mapM_ (print . area) shapes
  print (map (,True) [1, 2, 3 :: Int])
  print (zip3 "ab" [1 :: Int ..] [True, False], map ('x',) "yz", map (,,0 :: Int) "pq" <*> [False])
  let lens = map (\n -> (n,) (collatzLen n)) [1 .. 300]
      best = (maximum (map snd lens), length (filter ((> 100) . snd) lens))
  print best
  mapM_ (putStrLn . classify) [-5, 0, 999, 12_345, 2_000_000]
  print (map (`div` 3) [10, 20, 30 :: Int], map (100 `div`) [3, 7 :: Int], map (`elem` "aeiou") "hello")
  print (total [1 .. 1_000 :: Int], map half [10, 11])
  mapM_ (putStrLn . describe) [14, 50, 9]
  print (foldr (\case { 'a' -> (+ 1); _ -> id }) (0 :: Int) "banana")
