-- zipWith3, scanl, scanr, iterate, until, cycle, takeWhile, dropWhile pipelines
triangular :: [Int]
triangular = scanl1 (+) [1 ..]

collatzSteps :: Int -> Int
collatzSteps n = length (takeWhile (/= 1) (iterate step n))
  where step k = if even k then k `div` 2 else 3 * k + 1

newtonSqrt :: Double -> Double
newtonSqrt a = until (\x -> abs (x * x - a) < 1e-9) (\x -> (x + a / x) / 2) a

weave :: [a] -> [a] -> [a] -> [a]
weave xs ys zs = concat (zipWith3 (\a b c -> [a, b, c]) xs ys zs)

runningMax :: [Int] -> [Int]
runningMax = scanl1 max

suffixSums :: [Int] -> [Int]
suffixSums = scanr (+) 0

main :: IO ()
main = do
  print (take 12 triangular)
  print (takeWhile (< 100) (map (* 3) (filter odd [1 ..])))
  print (dropWhile (< 10) [1, 5, 12, 3, 40])
  print (zipWith3 (\a b c -> a * b + c) [1, 2, 3] [4, 5, 6] [7, 8, 9 :: Int])
  print (weave "abc" "123" "xyz")
  print (take 10 (cycle [1, 2, 3 :: Int]), take 7 (cycle "ab"))
  print (map collatzSteps [1 .. 20])
  print (maximum (map (\n -> (collatzSteps n, n)) [1 .. 3000]))
  print (map newtonSqrt [2, 9, 1e6])
  print (runningMax [3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5])
  print (suffixSums [1 .. 10])
  print (scanl (flip (:)) [] "abc")
  print (until (> 1000) (* 2) 1 :: Int)
  print (take 5 (iterate (map (* 2)) [1, 2 :: Int]))
  print (span even [2, 4, 6, 7, 8 :: Int], break (> 3) [1 .. 6 :: Int])
  print (unzip3 [(k, k * k, show k) | k <- [1 .. 5 :: Int]])
  print (sum (takeWhile (< 4000000) (filter even fibs)))
  print (lookup 5 (zip [1 ..] (scanl (*) 1 [1 .. 20 :: Integer])))
  where fibs = 1 : 2 : zipWith (+) fibs (tail fibs) :: [Int]
