-- Exact fractions with Data.Ratio: harmonic numbers, Egyptian fractions, a mean as a
-- Rational, conversions to and from Double, and show with GHC's precedence.
import Data.Ratio

harmonic :: Int -> Rational
harmonic n = sum [1 % fromIntegral k | k <- [1 .. n]]

egyptian :: Rational -> [Integer]
egyptian r
  | r <= 0 = []
  | numerator r == 1 = [denominator r]
  | otherwise = let d = (denominator r + numerator r - 1) `div` numerator r
                in d : egyptian (r - 1 % d)

mean :: [Int] -> Rational
mean xs = fromIntegral (sum xs) / fromIntegral (length xs)

main :: IO ()
main = do
  print (3 % 4 :: Rational)
  print (6 % (-8) :: Rational, (-3) % 4 :: Rational)
  print (Just (3 % 4 :: Rational), [1 % 2, 2 % 3 :: Rational])
  print (numerator (4 % 6 :: Rational), denominator (4 % 6 :: Rational))
  mapM_ (print . harmonic) [1, 2, 5, 10]
  print (egyptian (4 % 13))
  print (mean [1, 2, 3, 4])
  let x = 1 % 3 + 1 % 6 :: Rational
  print (x, x * 2, x - 1, negate x, abs (negate x), signum (negate x), recip x)
  print (compare (1 % 3) (2 % 5 :: Rational), 1 % 2 == (2 % 4 :: Rational), max (1 % 3) (1 % 4 :: Rational))
  print (fromRational (7 % 8) :: Double, toRational (0.75 :: Double))
  print (realToFrac (1.5 :: Double) :: Rational, realToFrac (1 % 3 :: Rational) :: Double)
  print (truncate (7 % 2 :: Rational) :: Integer, round (5 % 2 :: Rational) :: Integer,
         round (7 % 2 :: Rational) :: Integer, floor ((-7) % 2 :: Rational) :: Integer,
         ceiling (7 % 2 :: Rational) :: Integer)
  print (map (\k -> k % 12) [1 .. 6 :: Int])
  print (sum (map (\k -> 1 % (k * (k + 1))) [1 .. 20]) :: Rational)
  print (fromIntegral (3 :: Int) + 1 % 2 :: Rational, 2 + 1 % 2 :: Rational)
