-- properFraction at Double (Int and Integer results, small, large, tiny and negative
-- values) and at Rational, and big Integers converted to Double.
import Data.Ratio

fa :: Double -> Int
fa x = fst (properFraction x)

fb :: Double -> Int
fb x = fst (properFraction x)

fc :: Double -> Int
fc x = fst (properFraction x)

fd :: Double -> Integer
fd x = fst (properFraction x)

fe :: Double -> Double
fe x = snd (properFraction x :: (Integer, Double))

tiny :: Double -> Int
tiny x = fst (properFraction x)

splitR :: Rational -> (Integer, Rational)
splitR = properFraction

toD :: Integer -> Double
toD = fromIntegral

main :: IO ()
main = do
  print (sum (map fa [0.25, 0.5 .. 250]))
  print (sum (map fb [1e6, 1e6 + 0.25 .. 1e6 + 250]))
  print (sum (map fc [-250, -249.75 .. -0.25]))
  print (sum (map fd [1e30, 2e30 .. 1e32]))
  print (sum (map fe [0.25, 0.5 .. 250]))
  print (sum (map tiny [1.0e-5, 2.0e-5 .. 1.0e-3]))
  print (map splitR [7 % 2, (-7) % 3, 10 % 5, 1 % 9])
  print (properFraction (-3.75 :: Double) :: (Int, Double))
  print (map toD [2 ^ 63 - 1, 2 ^ 63, 2 ^ 63 + 1025, 2 ^ 64 - 1, negate (2 ^ 70) - 1])
  print (toD (product [1 .. 25]), toD (2 ^ 1100), toD (3 ^ 200) / 7)
