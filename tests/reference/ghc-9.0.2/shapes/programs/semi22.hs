import Data.Semigroup
import qualified Data.Monoid as Mon (getAll, All(..))
import Data.Functor.Identity

data Range = Range (Min Int) (Max Int) deriving Show

instance Semigroup Range where
  Range a b <> Range c d = Range (a <> c) (b <> d)

range :: [Int] -> Range
range xs = foldr1 (<>) [Range (Min x) (Max x) | x <- xs]

double :: Int -> Identity Int
double x = do
  y <- Identity (x * 2)
  return (y + 1)

main :: IO ()
main = do
  let xs = [5, 3, 9, 1, 7]
  print (range xs)
  print (getMin (foldr1 (<>) (map Min xs)), getMax (Max 'a' <> Max 'z'))
  print (First 1 <> First (2 :: Int), Last 1 <> Last (2 :: Int))
  print (Mon.getAll (Mon.All True <> Mon.All False))
  print (runIdentity (mapM double xs))
  print (Identity 3, fmap (+ 1) (Identity (4 :: Int)), Just (Min (2 :: Int)))
  print (sconcatish [Sum 1, Sum 2, Sum (3 :: Int)], Max 3 < Max (4 :: Int))
  where sconcatish = foldr1 (<>)
