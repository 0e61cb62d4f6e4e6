{-# LANGUAGE BangPatterns #-}
-- strict bindings: let !x, where !x, several in a group, a bang on a pattern argument
import Data.List (foldl')

mean :: [Double] -> Double
mean xs = s / fromIntegral n
  where
    (s, n) = foldl' step (0, 0 :: Int) xs
    step (!a, !b) x = (a + x, b + 1)

sumTo :: Int -> Int
sumTo n = go 0 1
  where
    go !acc i
      | i > n = acc
      | otherwise = go (acc + i) (i + 1)

stats :: [Int] -> (Int, Int)
stats xs =
  let !total = sum xs
      !count = length xs
      avg = total `div` max 1 count
  in (total, avg)

norm :: Int -> Int -> Int
norm x y = r
  where
    !sq = x * x + y * y
    r = sq `div` 2

main :: IO ()
main = do
  print (mean (map fromIntegral [1 .. 2000 :: Int]))
  print (sumTo 100000)
  print (stats [1 .. 5000])
  let !big = foldl' (+) 0 [1 .. 50000 :: Int]
  print big
  print (sum (map (norm 3) [1 .. 1000]))
