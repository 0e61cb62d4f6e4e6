-- Local go loops with tuple accumulators: one-pass statistics, runs, windows
onePass :: [Double] -> (Int, Double, Double, Double, Double)
onePass xs = go xs 0 0 0 (1 / 0) (-1 / 0)
  where
    go [] n s sq lo hi = (n, s / fromIntegral n, sqrt (sq / fromIntegral n - (s / fromIntegral n) ^ 2), lo, hi)
    go (y : ys) n s sq lo hi = go ys (n + 1) (s + y) (sq + y * y) (min lo y) (max hi y)

longestRun :: [Int] -> (Int, Int)
longestRun [] = (0, 0)
longestRun (x : xs) = loop xs (x, 1) (x, 1)
  where
    loop [] (c, k) best = pick (c, k) best
    loop (y : ys) (c, k) best
      | y == c = loop ys (c, k + 1) best
      | otherwise = loop ys (y, 1) (pick (c, k) best)
    pick a@(_, ka) b@(_, kb) = if ka > kb then a else b

minMaxBy :: (a -> Int) -> [a] -> (a, a)
minMaxBy f (z : zs) = foldl step (z, z) zs
  where step (lo, hi) x
          | f x < f lo = (x, hi)
          | f x > f hi = (lo, x)
          | otherwise = (lo, hi)
minMaxBy _ [] = error "empty"

movingAvg :: Int -> [Double] -> [Double]
movingAvg k xs = go (sum (take k xs)) xs (drop k xs)
  where go s (o : os) (n : ns) = s / fromIntegral k : go (s - o + n) os ns
        go s _ [] = [s / fromIntegral k]
        go _ [] _ = []

countClasses :: [Int] -> (Int, Int, Int)
countClasses = go (0, 0, 0)
  where go acc [] = acc
        go (neg, zero, pos) (v : vs)
          | v < 0 = go (neg + 1, zero, pos) vs
          | v == 0 = go (neg, zero + 1, pos) vs
          | otherwise = go (neg, zero, pos + 1) vs

samples :: [Double]
samples = [fromIntegral ((i * 7919) `mod` 1000) / 10 | i <- [1 .. 3000 :: Int]]

main :: IO ()
main = do
  print (onePass samples)
  let ints = [(i * i) `mod` 7 `div` 3 | i <- [1 .. 2000 :: Int]]
  print (longestRun ints, longestRun [1, 1, 2, 2, 2, 3])
  print (minMaxBy length (words "the quick brown fox jumped over lazy dogs"), minMaxBy negate [5, 3, 9, 1])
  print (take 5 (movingAvg 10 samples), length (movingAvg 50 samples))
  print (countClasses [(i * 37) `mod` 11 - 5 | i <- [1 .. 3000]])
