-- Doubles: ranges, rounding, show, integer conversions and a Newton iteration.
import Text.Printf (printf)
import Numeric (showFFloat, showHex)

newton :: (Double -> Double) -> (Double -> Double) -> Double -> [Double]
newton f f' = iterate (\x -> x - f x / f' x)

converge :: Double -> [Double] -> Double
converge eps (a:b:rest) = if abs (a - b) < eps then b else converge eps (b : rest)
converge _ xs = last xs

mean, variance :: [Double] -> Double
mean xs = sum xs / fromIntegral (length xs)
variance xs = let m = mean xs in sum [ (x - m) ^ (2 :: Int) | x <- xs ] / fromIntegral (length xs)

trapezoid :: (Double -> Double) -> Double -> Double -> Int -> Double
trapezoid f a b n = h * (f a / 2 + sum [ f (a + fromIntegral k * h) | k <- [1 .. n - 1] ] + f b / 2)
  where h = (b - a) / fromIntegral n

main :: IO ()
main = do
  print [0.1, 0.2 .. 0.5 :: Double]
  print (map round [0.5, 1.5, 2.5, -0.5, -1.5 :: Double] :: [Int])
  print (map floor [2.7, -2.7 :: Double] :: [Int], map ceiling [2.2, -2.2 :: Double] :: [Int], map truncate [2.7, -2.7 :: Double] :: [Int])
  print (converge 1e-12 (newton (\x -> x * x - 2) (* 2) 1))
  print (sqrt 2 :: Double, pi :: Double, exp 1 :: Double)
  print (1 / 3 :: Double, 2 / 3 :: Double, 1.0e-3 :: Double, 12345678.9 :: Double, 1.0e7 :: Double)
  print (fromIntegral (3 :: Int) / 4 :: Double, 2 ** 10 :: Double, 10 ^^ (-2 :: Int) :: Double)
  let xs = [ sin (fromIntegral k / 10) | k <- [1 .. 2000 :: Int] ]
  printf "mean %.6f variance %.6f\n" (mean xs) (variance xs)
  printf "%5d|%-6s|%8.3f|%c\n" (42 :: Int) "ab" (3.14159 :: Double) 'z'
  putStrLn (showFFloat (Just 3) (trapezoid (\x -> x * x) 0 3 600) "")
  putStrLn (showHex (255 :: Int) "" ++ " " ++ showHex (48879 :: Int) "")
  print (isNaN (0 / 0 :: Double), isInfinite (1 / 0 :: Double), signum (-3.5 :: Double), abs (-2 :: Double))
  print (minimum xs < 0, maximum xs > 0.99, properFraction (3.75 :: Double) :: (Int, Double))
  print (logBase 2 1024 :: Double, atan2 1 1 * 4 :: Double, fromIntegral (round (2.675 * 100 :: Double) :: Int) / 100 :: Double)
  print (sum (map (\k -> 1 / fromIntegral (k * k)) [1 .. 3000 :: Int]) :: Double)
