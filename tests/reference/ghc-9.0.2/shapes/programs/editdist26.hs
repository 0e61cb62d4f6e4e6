-- Data.Array dynamic programming: edit distance with alignment, LIS, coin ways
module Main where

import Data.Array

editTable :: String -> String -> Array (Int, Int) Int
editTable a b = t
  where
    n = length a
    m = length b
    aa = listArray (1, n) a
    ba = listArray (1, m) b
    t = array ((0, 0), (n, m)) [((i, j), cell i j) | i <- [0 .. n], j <- [0 .. m]]
    cell 0 j = j
    cell i 0 = i
    cell i j
      | aa ! i == ba ! j = t ! (i - 1, j - 1)
      | otherwise = 1 + minimum [t ! (i - 1, j), t ! (i, j - 1), t ! (i - 1, j - 1)]

align :: String -> String -> [(Char, Char)]
align a b = reverse (walk (length a) (length b))
  where
    t = editTable a b
    aa = listArray (1, length a) a
    ba = listArray (1, length b) b
    walk 0 0 = []
    walk i 0 = (aa ! i, '-') : walk (i - 1) 0
    walk 0 j = ('-', ba ! j) : walk 0 (j - 1)
    walk i j
      | aa ! i == ba ! j && t ! (i, j) == t ! (i - 1, j - 1) = (aa ! i, ba ! j) : walk (i - 1) (j - 1)
      | t ! (i, j) == t ! (i - 1, j - 1) + 1 = (aa ! i, ba ! j) : walk (i - 1) (j - 1)
      | t ! (i, j) == t ! (i - 1, j) + 1 = (aa ! i, '-') : walk (i - 1) j
      | otherwise = ('-', ba ! j) : walk i (j - 1)

lis :: [Int] -> Int
lis xs = maximum (elems best)
  where
    n = length xs
    arr = listArray (0, n - 1) xs
    best = listArray (0, n - 1) [go i | i <- [0 .. n - 1]] :: Array Int Int
    go i = 1 + maximum (0 : [best ! j | j <- [0 .. i - 1], arr ! j < arr ! i])

coinWays :: [Int] -> Int -> Integer
coinWays coins total = table ! (length coins, total)
  where
    k = length coins
    ca = listArray (1, k) coins
    table = array ((0, 0), (k, total))
      [((i, s), ways i s) | i <- [0 .. k], s <- [0 .. total]] :: Array (Int, Int) Integer
    ways _ 0 = 1
    ways 0 _ = 0
    ways i s
      | ca ! i > s = table ! (i - 1, s)
      | otherwise = table ! (i - 1, s) + table ! (i, s - ca ! i)

main :: IO ()
main = do
  let pairs = [("kitten", "sitting"), ("flaw", "lawn"), ("intention", "execution"),
               ("haskell", "pascal"), ("profiling", "profitable")]
  mapM_ (\(a, b) -> print (a, b, editTable a b ! (length a, length b))) pairs
  let (x, y) = unzip (align "intention" "execution")
  putStrLn x
  putStrLn y
  let seqn = take 60 (iterate (\v -> (v * 37 + 11) `mod` 101) 7)
  print (lis seqn)
  print (lis [3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7, 9])
  print (coinWays [1, 2, 5, 10, 20, 50, 100, 200] 200)
  print (map (coinWays [1, 5, 10, 25]) [0, 10 .. 100])
  print (bounds (editTable "abc" "de"), elems (editTable "ab" "ba"))
