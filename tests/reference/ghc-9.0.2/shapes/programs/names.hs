mkAdders :: Int -> [Int -> Int]
mkAdders n = [adder k | k <- [1 .. n]]
  where
    adder k = \x -> x + k + n

pairsOf :: [Int] -> [(Int, Int)]
pairsOf xs = [(a, b) | a <- xs, b <- xs, a < b]

main :: IO ()
main = do
  let fs = mkAdders 200000
      ps = pairsOf [1 .. 700]
      (big, small) = span (< 100000) (map (\f -> f 1) fs)
  print (length fs)
  print (length ps)
  print (sum (map (\f -> f 1) fs))
  print (sum (map fst ps) + length big + length small)
