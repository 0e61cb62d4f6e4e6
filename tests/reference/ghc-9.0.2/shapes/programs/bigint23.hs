-- Integer arithmetic: factorials, big powers, binomials, digit sums, Fibonacci by iterate
factorial :: Integer -> Integer
factorial n = product [1 .. n]

binom :: Integer -> Integer -> Integer
binom n k = factorial n `div` (factorial k * factorial (n - k))

digits :: Integer -> [Int]
digits 0 = [0]
digits n = reverse (go n)
  where go 0 = []
        go m = fromIntegral (m `mod` 10) : go (m `div` 10)

fibs :: [Integer]
fibs = map fst (iterate (\(a, b) -> (b, a + b)) (0, 1))

powMod :: Integer -> Integer -> Integer -> Integer
powMod _ 0 m = 1 `mod` m
powMod b e m
  | even e = let h = powMod b (e `div` 2) m in h * h `mod` m
  | otherwise = b * powMod b (e - 1) m `mod` m

isqrt :: Integer -> Integer
isqrt n = go n
  where go x = let y = (x + n `div` x) `div` 2 in if y >= x then x else go y

catalan :: Integer -> Integer
catalan n = binom (2 * n) n `div` (n + 1)

trailingZeros :: Integer -> Int
trailingZeros = length . takeWhile (== 0) . reverse . digits

main :: IO ()
main = do
  print (factorial 30)
  print (map factorial [0, 1, 5, 10, 20, 21])
  print (sum (digits (factorial 100)), trailingZeros (factorial 100))
  print (2 ^ (100 :: Int), 3 ^ (64 :: Int) - 1, (-7) ^ (21 :: Int))
  print (length (show (2 ^ (1000 :: Int) :: Integer)))
  print (fibs !! 150, length (takeWhile (< 10 ^ (30 :: Int)) fibs))
  print (map catalan [0 .. 15])
  print (powMod 3 1000 1000007, powMod 2 (10 ^ (18 :: Int)) 998244353)
  print (isqrt (10 ^ (40 :: Int)), isqrt (factorial 25))
  print (gcd (factorial 20) (2 ^ (40 :: Int)), lcm (factorial 12) 1000000007)
  print (divMod (negate (factorial 22)) 1000003, quotRem (negate (factorial 22)) 1000003)
  print [binom 40 k | k <- [0, 5 .. 40]]
  print (fromIntegral (factorial 25) :: Double, toInteger (maxBound :: Int) + 1)
  print (product (map fromIntegral [1 .. 25 :: Int]) == factorial 25)
  print (compare (2 ^ (64 :: Int)) (factorial 21), signum (negate (factorial 5)), abs (-(10 ^ (20 :: Int))))
