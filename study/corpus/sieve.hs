module Main (main) where

-- List building and consuming: the naive sieve filters a list once per prime.
sieve :: [Int] -> [Int]
sieve [] = []
sieve (p : xs) = p : sieve (filter (\x -> x `mod` p /= 0) xs)

primesUpTo :: Int -> [Int]
primesUpTo n = sieve [2 .. n]

main :: IO ()
main = do
  let ps = primesUpTo 1500
  putStrLn ("count " ++ show (length ps))
  putStrLn ("sum " ++ show (sum ps))
  putStrLn ("last " ++ show (last ps))
