-- Dynamic programming: edit distance and LCS by lazy arrays, knapsack by lists, memo by Map.
import Data.Array
import qualified Data.Map as Map

editDistance :: String -> String -> Int
editDistance a b = table ! (m, n)
  where
    m = length a
    n = length b
    aa = listArray (1, m) a
    ba = listArray (1, n) b
    table = array ((0, 0), (m, n)) [ ((i, j), dist i j) | i <- [0 .. m], j <- [0 .. n] ]
    dist 0 j = j
    dist i 0 = i
    dist i j
      | aa ! i == ba ! j = table ! (i - 1, j - 1)
      | otherwise = 1 + minimum [ table ! (i - 1, j), table ! (i, j - 1), table ! (i - 1, j - 1) ]

lcs :: String -> String -> String
lcs xs ys = reverse (walk m n)
  where
    m = length xs
    n = length ys
    xa = listArray (1, m) xs
    ya = listArray (1, n) ys
    t = listArray ((0, 0), (m, n)) [ cell i j | i <- [0 .. m], j <- [0 .. n] ] :: Array (Int, Int) Int
    cell i j
      | i == 0 || j == 0 = 0
      | xa ! i == ya ! j = t ! (i - 1, j - 1) + 1
      | otherwise = max (t ! (i - 1, j)) (t ! (i, j - 1))
    walk i j
      | i == 0 || j == 0 = []
      | xa ! i == ya ! j = xa ! i : walk (i - 1) (j - 1)
      | t ! (i - 1, j) >= t ! (i, j - 1) = walk (i - 1) j
      | otherwise = walk i (j - 1)

knapsack :: Int -> [(Int, Int)] -> Int
knapsack cap items = last (foldl step (replicate (cap + 1) 0) items)
  where
    step row (wt, val) = [ if c >= wt then max keep (val + row !! (c - wt)) else keep
                         | (c, keep) <- zip [0 ..] row ]

countPaths :: Int -> Int -> Integer
countPaths r c = fst (go (r, c) Map.empty)
  where
    go (0, _) memo = (1, memo)
    go (_, 0) memo = (1, memo)
    go key@(i, j) memo = case Map.lookup key memo of
      Just v -> (v, memo)
      Nothing ->
        let (a, m1) = go (i - 1, j) memo
            (b, m2) = go (i, j - 1) m1
            v = a + b
        in (v, Map.insert key v m2)

main :: IO ()
main = do
  print (editDistance "kitten" "sitting")
  print (editDistance "intention" "execution")
  print (editDistance (take 40 (cycle "abcde")) (take 35 (cycle "badce")))
  putStrLn (lcs "AGGTABQXYZ" "GXTXAYBQZ")
  putStrLn (lcs (take 45 (cycle "haskell")) (take 40 (cycle "skeletal")))
  print (knapsack 50 [(10, 60), (20, 100), (30, 120)])
  print (knapsack 60 [ (w, w * 3 + (w * 7) `mod` 11) | w <- [3 .. 14] ])
  print (countPaths 10 10, countPaths 14 12)
