-- prime factorisation and divisor functions at Integer, with big values
factorize :: Integer -> [(Integer, Int)]
factorize n0 = go n0 2
  where
    go 1 _ = []
    go n p
      | p * p > n = [(n, 1)]
      | n `mod` p == 0 = let (k, m) = strip n p 0 in (p, k) : go m (next p)
      | otherwise = go n (next p)
    next 2 = 3
    next p = p + 2
    strip n p k
      | n `mod` p == 0 = strip (n `div` p) p (k + 1)
      | otherwise = (k, n)

showFactors :: [(Integer, Int)] -> String
showFactors = foldr1 (\a b -> a ++ " * " ++ b) . map f
  where f (p, 1) = show p
        f (p, k) = show p ++ "^" ++ show k

numDivisors :: Integer -> Int
numDivisors = product . map ((+ 1) . snd) . factorize

sigma :: Integer -> Integer
sigma n = product [(p ^ (k + 1) - 1) `div` (p - 1) | (p, k) <- factorize n]

totient :: Integer -> Integer
totient n = foldl (\acc (p, _) -> acc `div` p * (p - 1)) n (factorize n)

powMod :: Integer -> Integer -> Integer -> Integer
powMod _ 0 m = 1 `mod` m
powMod b e m
  | even e = let h = powMod b (e `div` 2) m in h * h `mod` m
  | otherwise = b * powMod b (e - 1) m `mod` m

main :: IO ()
main = do
  let ns = [2, 12, 360, 9973, 1000001, 600851475143, 2 ^ 40 - 1, product [1 .. 20]]
  mapM_ (\n -> putStrLn (show n ++ " = " ++ showFactors (factorize n))) ns
  print (map numDivisors [1 .. 30])
  print [n | n <- [2 .. 10000], sigma n - n == n]
  print (map totient [1, 9, 36, 97, 100, 1000000007])
  print (powMod 3 (10 ^ 30) 1000000007, powMod 2 (2 ^ 64 + 1) (2 ^ 61 - 1))
  print (product [1 .. 30 :: Integer], (2 ^ 100) `divMod` (3 ^ 40 :: Integer))
  print (gcd (2 ^ 64 - 1) (2 ^ 48 - 1 :: Integer), lcm 123456789 (987654321 :: Integer))
