-- Integer arithmetic: factorials, big powers, digit sums, gcd.
fact :: Integer -> Integer
fact n = product [1 .. n]

digitSum :: Integer -> Integer
digitSum 0 = 0
digitSum n = n `mod` 10 + digitSum (n `div` 10)

fibI :: Int -> Integer
fibI n = go n 0 1 where go 0 a _ = a
                        go k a b = go (k - 1) b (a + b)

main :: IO ()
main = do
  print (digitSum (fact 1000))
  print (digitSum (2 ^ (6000 :: Int)))
  print (fibI 6000 `mod` 1000000007)
  print (sum [gcd i (i * 3 + 7) | i <- [1 .. 50000 :: Integer]])
