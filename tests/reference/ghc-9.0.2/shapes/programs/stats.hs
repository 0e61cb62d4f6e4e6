import Data.List (sort, group, genericLength)

mean :: [Double] -> Double
mean xs = sum xs / fromIntegral (length xs)

median :: [Double] -> Double
median xs
  | null xs = 0
  | odd n = s !! h
  | otherwise = (s !! (h - 1) + s !! h) / 2
  where
    s = sort xs
    n = length xs
    h = n `div` 2

variance :: [Double] -> Double
variance xs = sum [(x - m) ^ 2 | x <- xs] / genericLength xs
  where m = mean xs

mode :: [Int] -> Maybe Int
mode [] = Nothing
mode xs = Just (snd (maximum [(length g, head g) | g <- group (sort xs)]))

histogram :: Int -> [Int] -> [String]
histogram width xs = [pad (show lo) ++ " | " ++ replicate (count lo) '#' | lo <- [0, width .. 90]]
  where
    count lo = length (filter (\x -> x >= lo && x < lo + width) xs)
    pad s = replicate (3 - length s) ' ' ++ s

lcg :: Int -> Int
lcg s = (s * 1103515245 + 12345) `mod` 2147483648

samples :: Int -> Int -> [Int]
samples n seed = map (`mod` 100) (take n (tail (iterate lcg seed)))

collatzLen :: Int -> Int
collatzLen = go 1
  where
    go acc 1 = acc
    go acc n
      | even n = go (acc + 1) (n `div` 2)
      | otherwise = go (acc + 1) (3 * n + 1)

main :: IO ()
main = do
  let xs = samples 500 7
      ds = map fromIntegral xs
  print (take 10 xs)
  print (mean ds, median ds)
  print (round (variance ds * 100))
  print (mode xs, mode [])
  mapM_ putStrLn (histogram 10 xs)
  let best = maximum [(collatzLen n, n) | n <- [1 .. 3000]]
  print best
  print (sum (map collatzLen [1 .. 500]))
  print (truncate (sqrt (variance ds)) :: Int, floor (-2.5 :: Double) :: Int, ceiling (2.1 :: Double) :: Int)
  print (show (-5 :: Int), read "3.25" + (1.5 :: Double), minimum ds)
