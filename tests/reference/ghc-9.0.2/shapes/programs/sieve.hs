-- sieve of Eratosthenes over lazy lists: a filter chain (comprehension and filter forms)
primes :: [Int]
primes = sieve [2 ..]

sieve :: [Int] -> [Int]
sieve (p : xs) = p : sieve [x | x <- xs, x `mod` p /= 0]

primesF :: [Int]
primesF = sieveF [2 ..]

sieveF :: [Int] -> [Int]
sieveF (p : xs) = p : sieveF (filter (\x -> x `mod` p /= 0) xs)

main :: IO ()
main = do
  print (sum (take 150 primes))
  print (last (take 150 primesF))
