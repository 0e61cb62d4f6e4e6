-- `where (q, r) = divMod ..`: digit sums and base conversion through a pattern-bound pair.
digitSum :: Int -> Int
digitSum 0 = 0
digitSum n = r + digitSum q
  where (q, r) = n `divMod` 10

toBase :: Int -> Int -> [Int]
toBase b n
  | n < b = [n]
  | otherwise = r : toBase b q
  where (q, r) = quotRem n b

main :: IO ()
main = do
  print (sum (map digitSum [1 .. 4000]))
  print (length (concatMap (toBase 7) [1 .. 3000]))
