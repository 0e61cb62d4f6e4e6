-- Double formatting with printf and show: statistics of samples, a table of results
import Text.Printf (printf)
import Data.List (sort, foldl')

mean :: [Double] -> Double
mean xs = sum xs / fromIntegral (length xs)

variance :: [Double] -> Double
variance xs = sum [(x - m) ^ (2 :: Int) | x <- xs] / fromIntegral (length xs - 1)
  where m = mean xs

median :: [Double] -> Double
median xs
  | even n = (s !! (h - 1) + s !! h) / 2
  | otherwise = s !! h
  where s = sort xs
        n = length xs
        h = n `div` 2

-- Welford's online mean and variance
welford :: [Double] -> (Int, Double, Double)
welford = foldl' stepW (0, 0, 0)
  where stepW (n, m, m2) x =
          let n' = n + 1
              d = x - m
              m' = m + d / fromIntegral n'
          in (n', m', m2 + d * (x - m'))

samples :: [[Double]]
samples =
  [ [2.5, 3.1, 4.7, 1.2, 9.9, 3.3]
  , [fromIntegral (i * i `mod` 17) / 3 | i <- [1 .. 40 :: Int]]
  , [sin (fromIntegral i) * 10 | i <- [1 .. 25 :: Int]]
  , [-1.5, -2.25, 0, 1e-3, 1.5e7]
  ]

main :: IO ()
main = do
  printf "%-6s %10s %10s %10s %8s\n" "set" "mean" "stdev" "median" "n"
  mapM_ (\(i, xs) -> printf "%-6s %10.3f %10.4f %10.2f %8d\n" ("s" ++ show i) (mean xs)
          (sqrt (variance xs)) (median xs) (length xs)) (zip [1 :: Int ..] samples)
  mapM_ (print . mean) samples
  let (n, m, m2) = welford (samples !! 1)
  printf "welford n=%d mean=%.6f var=%.6f\n" n m (m2 / fromIntegral (n - 1))
  print (map (\x -> fromIntegral (round (x * 100)) / 100) (samples !! 2 :: [Double]))
  print (0.1 + 0.2 :: Double, 1 / 3 :: Double, fromIntegral (7 :: Int) / 3 :: Double, 1.0e-2 :: Double, 12345678.9 :: Double)
  print (truncate (-2.7 :: Double) :: Int, round (2.5 :: Double) :: Int, round (3.5 :: Double) :: Int,
         ceiling (2.1 :: Double) :: Int, floor (-2.1 :: Double) :: Int)
  printf "%5.1f%%|%e|%s|%c|%x|%o|%05d\n" (12.345 :: Double) (1234.5 :: Double) (show (-0.5 :: Double)) 'z' (255 :: Int) (8 :: Int) (42 :: Int)
  let table = [(x, sqrt x, x ** 1.5, log x) | x <- [1, 2.5 .. 10 :: Double]]
  mapM_ (\(a, b, c, d) -> printf "%6.2f %8.4f %10.3f %7.3f\n" a b c d) table
  print (sqrt 2 :: Double, pi :: Double, exp 1 :: Double, fromIntegral (maxBound :: Int) :: Double)
  print (showsPrec 7 (-1.5 :: Double) "", minimum (concat samples), maximum (concat samples))
