import Data.List (sort, nub)
fA :: [Int] -> [Double]
fA xs = map fromIntegral xs
fB :: [[Int]] -> [[Int]]
fB xss = map sort xss
fC :: [[Int]] -> [[Int]]
fC xss = map nub xss
fD :: [Int] -> [Int] -> [Int]
fD xs ys = zipWith gcd xs ys
fE :: [Int] -> [Bool]
fE xs = map odd xs
fF :: [Int] -> [Int]
fF xs = map (^ (2 :: Int)) xs
gA :: [Int] -> Bool
gA xs = any even xs
gB :: [Int] -> Bool
gB xs = any (> 3) xs
gC :: [Int] -> [Int]
gC xs = filter even xs
main :: IO ()
main = do
  print (fA [1, 3])
  print (fB [[3, 1], [2]])
  print (fC [[3, 3], [2]])
  print (fD [12, 9] [8, 6])
  print (fE [1, 2])
  print (fF [1, 2])
  print (gA [1, 3, 5, 6])
  print (gB [1, 3, 5, 6])
  print (gC [1, 2, 3, 4])
