-- Number theory with where/guards: primes, divisors, perfect numbers, digits, show/read
import Data.List (unfoldr, foldl')
import Data.Char (digitToInt, intToDigit)

isPrime :: Int -> Bool
isPrime n
  | n < 2 = False
  | n < 4 = True
  | even n = False
  | otherwise = go 3
  where go d | d * d > n = True
             | n `mod` d == 0 = False
             | otherwise = go (d + 2)

primeFactors :: Int -> [(Int, Int)]
primeFactors = collect . factor 2
  where
    factor _ 1 = []
    factor d m
      | d * d > m = [m]
      | m `mod` d == 0 = d : factor d (m `div` d)
      | otherwise = factor (d + 1) m
    collect [] = []
    collect (p : ps) = let (same, rest) = span (== p) ps in (p, 1 + length same) : collect rest

divisors :: Int -> [Int]
divisors n = foldr combine [1] (primeFactors n)
  where combine (p, k) ds = [d * p ^ i | d <- ds, i <- [0 .. k]]

sigma :: Int -> Int
sigma = sum . divisors

classify :: Int -> String
classify n = case compare (sigma n - n) n of
  LT -> "deficient"
  EQ -> "perfect"
  GT -> "abundant"

digits :: Int -> Int -> [Int]
digits base = reverse . unfoldr step
  where step 0 = Nothing
        step m = Just (m `mod` base, m `div` base)

toBase :: Int -> Int -> String
toBase base 0 = "0"
toBase base n = map intToDigit (digits base n)

fromBase :: Int -> String -> Int
fromBase base = foldl' (\acc c -> acc * base + digitToInt c) 0

digitalRoot :: Int -> Int
digitalRoot = until (< 10) (sum . digits 10)

totient :: Int -> Int
totient n = foldl' (\acc (p, _) -> acc `div` p * (p - 1)) n (primeFactors n)

goldbach :: Int -> Maybe (Int, Int)
goldbach n = case [(p, n - p) | p <- takeWhile (<= n `div` 2) primes, isPrime (n - p)] of
  (x : _) -> Just x
  [] -> Nothing

primes :: [Int]
primes = filter isPrime [2 ..]

main :: IO ()
main = do
  print (take 20 primes, length (takeWhile (< 5000) primes))
  print (map primeFactors [360, 97, 1001, 65536, 999999])
  print (divisors 360, sigma 28, filter (\n -> classify n == "perfect") [2 .. 3000])
  print (map classify [12, 28, 35, 945])
  print (map (toBase 2) [5, 255, 1024], map (toBase 16) [255, 4096, 48879], fromBase 16 "beef", fromBase 2 "101101")
  print (map digitalRoot [0, 9, 38, 123456789, 999999999], map totient [1, 9, 36, 97, 100])
  print (map goldbach [4, 28, 100, 1000, 7])
  let nums = map show [1 .. 200 :: Int]
  print (sum (map read nums :: [Int]), read (concat (take 9 nums)) :: Int)
