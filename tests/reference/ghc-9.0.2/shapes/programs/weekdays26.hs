-- Enum/Bounded deriving: a shift rota over weekdays and months, cyclic succ
module Main where

import qualified Data.Map as M
import Data.List (intercalate)

data Day = Mon | Tue | Wed | Thu | Fri | Sat | Sun
  deriving (Show, Eq, Ord, Enum, Bounded, Read)
data Month = Jan | Feb | Mar | Apr | May | Jun | Jul | Aug | Sep | Oct | Nov | Dec
  deriving (Show, Eq, Ord, Enum, Bounded)
data Shift = Early | Late | Night deriving (Show, Eq, Ord, Enum, Bounded)

next :: (Eq a, Enum a, Bounded a) => a -> a
next x | x == maxBound = minBound
       | otherwise = succ x

allOf :: (Enum a, Bounded a) => [a]
allOf = [minBound .. maxBound]

daysIn :: Int -> Month -> Int
daysIn y m
  | m == Feb = if leap then 29 else 28
  | m `elem` [Apr, Jun, Sep, Nov] = 30
  | otherwise = 31
  where leap = (y `mod` 4 == 0 && y `mod` 100 /= 0) || y `mod` 400 == 0

calendar :: Int -> Day -> [(Month, Int, Day)]
calendar y d0 = go allOf d0
  where
    go [] _ = []
    go (m:ms) d = let n = daysIn y m
                      ds = take n (iterate next d)
                  in zip3 (repeat m) [1 ..] ds ++ go ms (next (last ds))

rota :: [String] -> [(Day, Shift, String)]
rota people = zip3 (cycle allOf) (concatMap (replicate 7) (cycle allOf)) (cycle people)

isWeekend :: Day -> Bool
isWeekend d = d >= Sat

main :: IO ()
main = do
  print (allOf :: [Day])
  print (map fromEnum (allOf :: [Month]), [Mon, Wed ..], [Sun, Fri .. Mon])
  print (take 10 (iterate next Fri), next Dec, next Night)
  let cal = calendar 2024 Mon
  print (length cal, last cal)
  let fridays13 = [(m, d) | (m, n, d) <- cal, n == 13, d == Fri]
  print fridays13
  let counts = M.fromListWith (+) [(d, 1 :: Int) | (_, _, d) <- cal]
  print (M.toList counts)
  print (sum [daysIn y m | y <- [1900 .. 2100], m <- allOf])
  let r = take 42 (rota ["ann", "ben", "cat", "dan", "eve"])
  mapM_ (\d -> putStrLn (show d ++ ": " ++ intercalate ", " [p ++ "/" ++ show s | (d', s, p) <- r, d' == d])) allOf
  print (length (filter (\(d, _, _) -> isWeekend d) r), read "Thu" :: Day, (read "[Sat,Sun]" :: [Day]))
  print (minBound :: Shift, maxBound :: Month, toEnum 3 :: Day, pred Sun, [Early ..])
