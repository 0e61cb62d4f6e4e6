import Data.List (foldl1', scanl', iterate', mapAccumL, mapAccumR, zip4, zipWith4, unzip4)
import Data.Either (lefts, rights, partitionEithers)
import Data.Tuple (swap)

step :: Int -> Int -> (Int, Int)
step acc x = (acc + x, acc * x)

main :: IO ()
main = do
  let xs = [1 .. 2000] :: [Int]
  print (foldl1' max xs)
  print (last (scanl' (+) 0 xs))
  print (iterate' (* 3) 1 !! 30 :: Int)
  print (mapAccumL step 0 [1 .. 10])
  print (mapAccumR step 0 [1 .. 10])
  print (fst (mapAccumL step 0 xs))
  let es = [if even x then Left x else Right (show x) | x <- [1 .. 20 :: Int]]
  print (lefts es)
  print (rights es)
  print (partitionEithers es)
  print (map swap (zip [1 .. 5 :: Int] "abcde"))
  print (zip4 [1, 2, 3 :: Int] "abc" [True, False, True] [LT, EQ, GT])
  print (zipWith4 (\a b c d -> a + b + c + d) [1, 2] [3, 4] [5, 6] [7, 8 :: Int])
  print (unzip4 [(1 :: Int, 'a', True, "x"), (2, 'b', False, "y")])
