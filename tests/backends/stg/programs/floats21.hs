-- RealFloat/Floating functions added in session 21: (^^) at Double and Rational, sinh..atanh,
-- isNaN, isInfinite, isNegativeZero, isDenormalized, decodeFloat, encodeFloat, scaleFloat;
-- the .stdout is runghc's (GHC 9.0.2)
import Data.Ratio
main :: IO ()
main = do
  print (2 ^^ (-3) :: Double, 1.5 ^^ 4 :: Double, (2 % 3) ^^ (-2) :: Rational)
  print (isNaN (0 / 0 :: Double), isInfinite (1 / 0 :: Double), isNaN (1.0 :: Double))
  print (isNegativeZero (-0.0 :: Double), isNegativeZero (0.0 :: Double), isDenormalized (1e-310 :: Double))
  print (sinh 1.0 :: Double, cosh 1.0 :: Double, tanh 0.5 :: Double)
  print (asinh 1.0 :: Double, acosh 2.0 :: Double, atanh 0.5 :: Double, sinh 1000 :: Double, sinh (-1000) :: Double)
  print (decodeFloat (1.5 :: Double), significand (8.0 :: Double), exponent (8.0 :: Double))
  print (decodeFloat (0 :: Double), decodeFloat (-0.1 :: Double), exponent (0.1 :: Double))
  print (encodeFloat 3 4 :: Double, scaleFloat 3 (1.5 :: Double), floatDigits (1 :: Double))
  print (floatRadix (1 :: Double), floatRange (1 :: Double), isIEEE (1 :: Double))
  print (acosh 0.5 :: Double, atanh 1 :: Double)
  print (map (\k -> 10 ^^ k) [-2, -1, 0, 1, 2 :: Int] :: [Double])
