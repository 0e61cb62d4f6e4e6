import Data.List (sortOn, sortBy, sort)
import Data.Ord (comparing)
xs :: [Int]
xs = [ (i * 37) `mod` 101 | i <- [1 .. 200] ]
ys :: [(Int, Int)]
ys = [ (x, x) | x <- xs ]
a1 = sum (sortOn negate xs)
a2 = sum (map snd (sortBy (comparing fst) ys))
a3 = sum (sort xs)
a4 = sum (sortBy (comparing negate) xs)
a5 = sum (sortBy compare xs)
a6 = sum (map snd (sortBy (\p q -> compare (fst p) (fst q)) ys))
main = do
  print (length xs, length ys)
  print (a1, a2, a3, a4, a5, a6)
