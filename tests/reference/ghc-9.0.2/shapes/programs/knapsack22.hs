-- knapsack and coin change as list dynamic programming
knapsack :: Int -> [(Int, Int)] -> Int
knapsack cap items = last (foldl step (replicate (cap + 1) 0) items)
  where
    step row (w, v) =
      [ if c >= w then max keep (v + row !! (c - w)) else keep
      | (c, keep) <- zip [0 ..] row ]

coinWays :: [Int] -> Int -> Integer
coinWays coins target = foldr addCoin base coins !! target
  where
    base = 1 : replicate target 0
    addCoin c ways = let new = zipWith (+) ways (replicate c 0 ++ new) in new

minCoins :: [Int] -> Int -> Maybe Int
minCoins coins target = table !! target
  where
    table = map best [0 .. target]
    best 0 = Just 0
    best n = case [k + 1 | c <- coins, c <= n, Just k <- [table !! (n - c)]] of
      [] -> Nothing
      ks -> Just (minimum ks)

lis :: [Int] -> Int
lis xs = maximum (0 : ends)
  where
    ends = go [] xs
    go _ [] = []
    go seen (y:ys) =
      let l = 1 + maximum (0 : [n | (x, n) <- seen, x < y])
      in l : go ((y, l) : seen) ys

main :: IO ()
main = do
  let items = [(12, 4), (2, 2), (1, 1), (4, 10), (1, 2), (3, 7), (7, 13), (5, 8)]
  print (map (\c -> knapsack c items) [0, 5, 10, 15, 20, 35])
  print (coinWays [1, 2, 5, 10, 20, 50, 100, 200] 200)
  print (coinWays [3, 7, 11] 500)
  print (map (minCoins [7, 11, 13]) [1, 20, 33, 100, 101])
  print (lis [(k * 37) `mod` 101 | k <- [1 .. 150]])
