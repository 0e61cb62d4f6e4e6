-- Data.Ratio's zero denominator: GHC's error after the output so far, exit 1.
import Data.Ratio
main :: IO ()
main = do
  print (1 % 2 :: Rational)
  print (3 % 0 :: Rational)
