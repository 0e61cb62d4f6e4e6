-- Int versus Integer: wrapping, conversions, division of negatives, big factorials
factI :: Int -> Int
factI n = product [1 .. n]

factZ :: Integer -> Integer
factZ n = product [1 .. n]

fibPair :: Int -> (Int, Integer)
fibPair n = go n 0 1 0 1
  where go 0 a _ za _ = (a, za)
        go k a b za zb = go (k - 1) b (a + b) zb (za + zb)

digitsSum :: Integer -> Int
digitsSum 0 = 0
digitsSum n = fromIntegral (n `mod` 10) + digitsSum (n `div` 10)

firstWrap :: Int
firstWrap = head [n | n <- [1 ..], toInteger (factI n) /= factZ (toInteger n)]

hashStr :: String -> Int
hashStr = foldl (\h c -> h * 1000003 + fromEnum c) 0

main :: IO ()
main = do
  print (maxBound :: Int, minBound :: Int)
  print ((maxBound :: Int) + 1, (minBound :: Int) - 1, negate (minBound :: Int), abs (minBound :: Int))
  print [factI n | n <- [19 .. 23]]
  print [factZ n | n <- [19 .. 23]]
  print firstWrap
  print (fibPair 100)
  print (fromIntegral (factZ 25) :: Int, toInteger (maxBound :: Int) + 1)
  print (2 ^ 63 :: Int, 2 ^ 64 :: Integer, 3 ^ 40 :: Int, 3 ^ 40 :: Integer)
  print [(a `div` b, a `mod` b, a `quot` b, a `rem` b) | a <- [7, -7], b <- [2, -2 :: Int]]
  print [(a `divMod` b, a `quotRem` b) | a <- [10 ^ 20 + 7, negate (10 ^ 20 + 7)], b <- [3, -3 :: Integer]]
  print (digitsSum (factZ 200), length (show (factZ 300)))
  print (map hashStr ["a", "hello", "the quick brown fox jumps over the lazy dog"])
  print (sum (map fromIntegral [maxBound, maxBound :: Int]) :: Integer, sum [maxBound, maxBound :: Int])
  print (gcd (factZ 30) (2 ^ 40), lcm (12 :: Int) 18, gcd (0 :: Int) 0, lcm (factZ 15) (factZ 16 + 1) `mod` 1000007)
  print (fromIntegral (300 :: Int) :: Integer, fromInteger (2 ^ 70 + 5) :: Int, toEnum 65 :: Char)
