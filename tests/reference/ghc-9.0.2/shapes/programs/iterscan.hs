import Data.List (unfoldr)

collatz :: Int -> [Int]
collatz = takeWhile (/= 1) . iterate step
  where step n = if even n then n `div` 2 else 3 * n + 1

newton :: Double -> Double
newton a = until close improve a
  where improve x = (x + a / x) / 2
        close x = abs (x * x - a) < 1e-9

runs :: Eq a => [a] -> [(a, Int)]
runs [] = []
runs (x:xs) = let (same, rest) = span (== x) xs
              in (x, 1 + length same) : runs rest

splitOn :: Char -> String -> [String]
splitOn c s = case break (== c) s of
  (a, []) -> [a]
  (a, _ : rest) -> a : splitOn c rest

digits :: Int -> [Int]
digits = reverse . unfoldr (\n -> if n == 0 then Nothing else Just (n `mod` 10, n `div` 10))

main :: IO ()
main = do
  let lens = [ (n, length (collatz n)) | n <- [1 .. 250] ]
      best = foldr1 (\a b -> if snd a >= snd b then a else b) lens
  print best
  print (collatz 27 !! 10, take 8 (collatz 97))
  print (map newton [2, 10, 144, 0.25])
  print (scanl (+) 0 [1 .. 10], scanr (+) 0 [1 .. 10])
  print (scanl1 max [3, 1, 4, 1, 5, 9, 2, 6], scanr1 (-) [10, 4, 3])
  let (as, bs, cs) = unzip3 [ (i, i * i, show i) | i <- [1 .. 8 :: Int] ]
  print (zip3 as (reverse bs) cs)
  print (runs (concatMap (\n -> replicate (n `mod` 4 + 1) (n `mod` 3)) [1 .. 20]))
  print (splitOn ',' "alpha,beta,,gamma,delta")
  print (span even [2, 4, 6, 7, 8], break (> 3) [1 .. 6])
  print (map digits [0, 7, 1234, 90210])
  let triangles = takeWhile (< 5000) (scanl1 (+) [1 ..])
  print (length triangles, last triangles)
  let fibs = unfoldr (\(a, b) -> if a > 10 ^ 15 then Nothing else Just (a, (b, a + b))) (0, 1)
  print (length fibs, last fibs)
  print (sum (map (length . collatz) [5000 .. 5150]))
  print (until (> 1000) (* 3) 1, dropWhile (< 40) (map (^ 2) [1 .. 10]))
