-- concat/replicate/zipWith3/scanl/scanr/iterate/until/gcd/lcm in ordinary uses
pascalRows :: Int -> [[Integer]]
pascalRows n = take n (iterate next [1])
  where next row = zipWith (+) (0 : row) (row ++ [0])

runningMax :: [Int] -> [Int]
runningMax = scanl1 max

suffixSums :: [Int] -> [Int]
suffixSums = scanr (+) 0

triangle :: Int -> [Int]
triangle n = scanl (+) 0 [1 .. n]

firstPowerAbove :: Int -> Int -> Int
firstPowerAbove b limit = until (> limit) (* b) 1

newton :: Double -> Double
newton a = until close improve a
  where improve x = (x + a / x) / 2
        close x = abs (x * x - a) < 1.0e-9

bars :: [Int] -> [String]
bars = map (\n -> replicate n '#' ++ replicate (10 - n) '.')

weighted :: [Int] -> [Int] -> [Int] -> [Int]
weighted = zipWith3 (\a b c -> a * 3 + b * 2 + c)

reduceFrac :: (Int, Int) -> (Int, Int)
reduceFrac (a, b) = let g = gcd a b in (a `div` g, b `div` g)

lcmAll :: [Integer] -> Integer
lcmAll = foldr lcm 1

main :: IO ()
main = do
  mapM_ print (pascalRows 8)
  print (sum (map sum (pascalRows 60)))
  let xs = [(i * 37) `mod` 101 | i <- [1 .. 60]]
  print (runningMax xs)
  print (take 10 (suffixSums xs), triangle 10)
  print (map (firstPowerAbove 3) [10, 100, 1000, 10 ^ 6], map newton [2, 10, 12345])
  mapM_ putStrLn (bars [3, 7, 10, 0, 5])
  print (concat (replicate 3 "ab"), concat [[1, 2], [], [3 :: Int]], concatMap show [1 .. 12 :: Int])
  print (sum (weighted [1 .. 1000] [1000, 999 .. 1] (cycle [1, 2, 3])))
  print (map reduceFrac [(6, 8), (100, 75), (17, 51), (0, 5)], lcmAll [1 .. 30])
  print (scanr1 (+) [1 .. 10 :: Int], scanl (flip (:)) [] "abc", scanr (:) [] "abc")
  print (takeWhile (< 100) (iterate (\x -> x * 2 + 1) 1), length (until null tail [1 .. 1000 :: Int]))
  print (zip3 [1 :: Int ..] "xyz" [True, False, True], unzip3 [(1 :: Int, 'a', "s"), (2, 'b', "t")])
  print (sum [gcd a b | a <- [1 .. 150], b <- [1 .. 150 :: Int]])
