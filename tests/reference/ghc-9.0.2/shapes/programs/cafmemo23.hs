module Main (main) where

-- A memo table as a top-level list whose elements read earlier elements of the same list
-- (the list's unevaluated cells refer to the list itself), then work that never reads it.
memo :: [Int]
memo = map step [0 ..]
  where
    step :: Int -> Int
    step 0 = 1
    step n = (memo !! (n - 1) * 7 + n) `mod` 1000003

fibs :: [Integer]
fibs = 0 : 1 : zipWith (+) fibs (tail fibs)

digits :: Int -> Int
digits k = length (show k)

main :: IO ()
main = do
  print (memo !! 1500)
  print (fibs !! 1200 `mod` 1000000007)
  let ys = map digits [1 .. 60000]
  print (sum ys)
  print (length (filter even (map (* 3) [1 .. 60000 :: Int])))
