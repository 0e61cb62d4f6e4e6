import Data.List (unfoldr, foldl')
import Data.Char (intToDigit, digitToInt)

factorial :: Integer -> Integer
factorial n = product [1 .. n]

choose :: Integer -> Integer -> Integer
choose n k = factorial n `div` (factorial k * factorial (n - k))

powMod :: Integer -> Integer -> Integer -> Integer
powMod _ 0 m = 1 `mod` m
powMod b e m
  | even e = half * half `mod` m
  | otherwise = b * powMod b (e - 1) m `mod` m
  where half = powMod b (e `div` 2) m

digits :: Integer -> [Int]
digits 0 = [0]
digits n = reverse (unfoldr step n)
  where step 0 = Nothing
        step k = Just (fromIntegral (k `mod` 10), k `div` 10)

toBase :: Int -> Integer -> String
toBase b n
  | n < fromIntegral b = [intToDigit (fromIntegral n)]
  | otherwise = toBase b (n `div` fromIntegral b) ++ [intToDigit (fromIntegral (n `mod` fromIntegral b))]

fromDigits :: String -> Integer
fromDigits = foldl' (\acc c -> acc * 10 + toInteger (digitToInt c)) 0

fibs :: [Integer]
fibs = 0 : 1 : zipWith (+) fibs (tail fibs)

isPrime :: Integer -> Bool
isPrime n | n < 2 = False
          | otherwise = all (\d -> n `mod` d /= 0) (takeWhile (\d -> d * d <= n) [2 ..])

collatz :: Integer -> Int
collatz 1 = 0
collatz n = 1 + collatz (if even n then n `div` 2 else 3 * n + 1)

main :: IO ()
main = do
  print (factorial 25)
  print [choose 20 k | k <- [0, 5 .. 20]]
  print (powMod 3 200 1000000007, powMod 7 123456 998244353)
  print (sum (digits (factorial 50)))
  putStrLn (toBase 2 (2 ^ 40 + 5))
  putStrLn (toBase 16 (fibs !! 90))
  print (fromDigits "123456789012345678901234567890" * 3)
  print (filter isPrime [1000 .. 1100])
  print (maximum [(collatz n, n) | n <- [1 .. 400]])
  print (gcd (factorial 20) (2 ^ 30), lcm 12345678901 98765432109)
  print (read "98765432109876543210" `divMod` (12345 :: Integer))
