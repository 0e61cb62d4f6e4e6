import Data.List (sortBy, sort, insert, partition, nub, foldl')

keys :: Int -> [Int]
keys n = [(i * 7919) `mod` 1009 | i <- [1 .. n]]

sortDesc :: Int -> Int
sortDesc n = sum (take 10 (sortBy (\a b -> compare b a) (keys n)))

sortRuns :: Int -> Int
sortRuns n = sum (sortBy (\a b -> compare a b) ([1 .. n] ++ [n, n - 1 .. 1] ++ keys n))

sortPlain :: Int -> Int
sortPlain n = last (sort (keys n))

isort :: Int -> Int
isort n = sum (foldr insert [] (keys n))

parts :: Int -> Int
parts n = let (a, b) = partition (\x -> x > 500) (keys n) in length a - length b

uniq :: Int -> Int
uniq n = length (nub (map (`mod` 50) (keys n)))

main :: IO ()
main = do
  print (sortDesc 2000)
  print (sortRuns 1000)
  print (sortPlain 2000)
  print (isort 300)
  print (parts 3000)
  print (uniq 2000)
