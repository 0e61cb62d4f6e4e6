f :: Integer -> Int
f 1 = 0
f _ = 1
g :: Int -> Int
g 1 = 0
g _ = 1
h :: Integer -> Integer
h n = if even n then n `div` 2 else 3 * n + 1
k :: Integer -> Integer
k n = 1 + n
main = do
  print (sum (map f [1 .. 100]))
  print (sum (map g [1 .. 100]))
  print (sum (map h [1 .. 100]))
  print (sum (map k [1 .. 100]))
