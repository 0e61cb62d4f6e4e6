-- Lazy infinite streams: Hamming numbers, primes by a lazy sieve, Fibonacci, merges
module Main where

merge :: Ord a => [a] -> [a] -> [a]
merge xa@(x:xs) ya@(y:ys)
  | x < y = x : merge xs ya
  | x > y = y : merge xa ys
  | otherwise = x : merge xs ys
merge xs [] = xs
merge [] ys = ys

hamming :: [Integer]
hamming = 1 : merge (map (* 2) hamming) (merge (map (* 3) hamming) (map (* 5) hamming))

primes :: [Int]
primes = 2 : filter isPrime [3, 5 ..]
  where isPrime n = all (\p -> n `mod` p /= 0) (takeWhile (\p -> p * p <= n) primes)

fibs :: [Integer]
fibs = 0 : 1 : zipWith (+) fibs (tail fibs)

triangulars :: [Int]
triangulars = scanl1 (+) [1 ..]

collatzLengths :: [(Int, Int)]
collatzLengths = [(n, len n) | n <- [1 ..]]
  where len 1 = 1
        len n = 1 + len (if even n then n `div` 2 else 3 * n + 1)

interleave :: [a] -> [a] -> [a]
interleave (x:xs) ys = x : interleave ys xs
interleave [] ys = ys

lookAndSay :: [String]
lookAndSay = iterate next "1"
  where next [] = []
        next s@(c:_) = let (run, rest) = span (== c) s in show (length run) ++ [c] ++ next rest

main :: IO ()
main = do
  print (take 20 hamming)
  print (hamming !! 1500)
  print (takeWhile (< 100) primes)
  print (primes !! 1000, length (takeWhile (< 20000) primes))
  print (take 15 fibs, fibs !! 200)
  print (length (show (fibs !! 1000)))
  print (head [t | t <- triangulars, t > 5000, t `mod` 7 == 0])
  print (fst (foldr1 (\a b -> if snd a >= snd b then a else b) (take 3000 collatzLengths)))
  print (take 12 (interleave [1, 3 ..] [2, 4 ..] :: [Int]))
  print (map length (take 20 lookAndSay), lookAndSay !! 7)
  print (take 10 (merge [1, 4 .. 40] [2, 7 .. 40] :: [Int]))
