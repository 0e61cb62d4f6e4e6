import Data.List (find)
xs :: [Int]
xs = [1 .. 1000]
fz :: Int -> Int -> Maybe Int
fz n k = find (> k) (take n xs)
a0 = fz 0 5000
a1 = fz 1 5000
a10 = fz 10 5000
a100 = fz 100 5000
b1 = fz 100 0
b50 = fz 100 49
main = do
  print (length xs)
  print [a0, a1, a10, a100, b1, b50]
