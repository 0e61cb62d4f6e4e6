-- `let (a, b) = f x in ...`: a pair returned by a function, taken apart lazily, both
-- halves used in a strict accumulation.
split3 :: Int -> (Int, Int)
split3 n = (n * 3, n + 5)

sumPairs :: Int -> Int -> Int
sumPairs acc 0 = acc
sumPairs acc n =
  let (a, b) = split3 n
      acc' = acc + a - b
  in acc' `seq` sumPairs acc' (n - 1)

halves :: [Int] -> (Int, Int)
halves xs = let (l, r) = splitAt (length xs `div` 2) xs in (sum l, sum r)

main :: IO ()
main = do
  print (sumPairs 0 8000)
  let (p, q) = halves [1 .. 3000]
  print (p - q)
