-- Lazy infinite lists: primes by trial division, fibonacci stream, iterate.
primes :: [Int]
primes = 2 : filter isPrime [3, 5 ..]
  where isPrime n = all (\p -> n `mod` p /= 0) (takeWhile (\p -> p * p <= n) primes)

fibs :: [Int]
fibs = 0 : 1 : zipWith (+) fibs (tail fibs)

main :: IO ()
main = do
  print (primes !! 5000)
  print (sum (take 80 fibs) `mod` 1000)
  print (length (takeWhile (/= 1) (iterate (\n -> if even n then n `div` 2 else 3 * n + 1)
                                            837799)))
  print (sum (take 30000 (cycle [1, 2, 3 :: Int])))
