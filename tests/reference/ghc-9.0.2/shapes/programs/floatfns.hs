-- RealFloat and Floating functions the subset lacked: (^^), the hyperbolic functions,
-- isNaN/isInfinite/isNegativeZero, decodeFloat/significand/exponent/encodeFloat.
import Data.Ratio

hyper :: Double -> Double
hyper x = sinh x + cosh x * tanh x + asinh x

inv :: Double -> Double
inv x = acosh (1 + x) + atanh (x / 200)

tests :: [Double] -> Int
tests xs = length (filter isNaN xs) + length (filter isInfinite xs) + length (filter isNegativeZero xs)

powers :: Double -> Double
powers x = x ^^ (3 :: Int) + x ^^ (-2 :: Int)

parts :: Double -> Int
parts x = case decodeFloat x of (m, e) -> fromIntegral (m `mod` 1000) + e + exponent x

rebuild :: Double -> Double
rebuild x = encodeFloat (fst (decodeFloat x)) (snd (decodeFloat x)) + significand x

ratPow :: Rational -> Rational
ratPow r = r ^^ (-3 :: Int) + r ^^ (2 :: Int)

main :: IO ()
main = do
  let xs = [fromIntegral k / 7 | k <- [1 .. 2000 :: Int]]
  print (sum (map hyper (take 500 xs)))
  print (sum (map inv xs))
  print (tests (xs ++ [0 / 0, 1 / 0, -0.0, -(1 / 0)]))
  print (sum (map powers xs))
  print (sum (map parts xs))
  print (sum (map rebuild xs))
  print (sum (map ratPow [k % 3 | k <- [1 .. 200]]))
  print (isIEEE (1 :: Double), floatDigits (1 :: Double), floatRange (1 :: Double), floatRadix (1 :: Double))
