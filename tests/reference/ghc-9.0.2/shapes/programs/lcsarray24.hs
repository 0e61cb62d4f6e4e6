-- Data.Array dynamic programming: edit distance, LCS, accumArray histograms, (//) updates
import Data.Array

editDistance :: String -> String -> Int
editDistance s t = table ! (m, n)
  where
    m = length s
    n = length t
    sa = listArray (1, m) s
    ta = listArray (1, n) t
    table = array ((0, 0), (m, n)) [((i, j), dist i j) | i <- [0 .. m], j <- [0 .. n]]
    dist 0 j = j
    dist i 0 = i
    dist i j
      | sa ! i == ta ! j = table ! (i - 1, j - 1)
      | otherwise = 1 + minimum [table ! (i - 1, j), table ! (i, j - 1), table ! (i - 1, j - 1)]

lcs :: String -> String -> String
lcs xs ys = reverse (walk m n)
  where
    m = length xs
    n = length ys
    xa = listArray (1, m) xs
    ya = listArray (1, n) ys
    t :: Array (Int, Int) Int
    t = listArray ((0, 0), (m, n)) [cell i j | i <- [0 .. m], j <- [0 .. n]]
    cell i j
      | i == 0 || j == 0 = 0
      | xa ! i == ya ! j = t ! (i - 1, j - 1) + 1
      | otherwise = max (t ! (i - 1, j)) (t ! (i, j - 1))
    walk i j
      | i == 0 || j == 0 = []
      | xa ! i == ya ! j = xa ! i : walk (i - 1) (j - 1)
      | t ! (i - 1, j) >= t ! (i, j - 1) = walk (i - 1) j
      | otherwise = walk i (j - 1)

histogram :: [Int] -> Array Int Int
histogram xs = accumArray (+) 0 (0, 9) [(x `mod` 10, 1) | x <- xs]

sieve :: Int -> [Int]
sieve n = [i | (i, True) <- assocs marks]
  where
    marks = accumArray (\_ b -> b) True (2, n) [(m, False) | i <- [2 .. n], i * i <= n, m <- [i * i, i * i + i .. n]]

pascal :: Int -> Array (Int, Int) Integer
pascal n = a
  where a = array ((0, 0), (n, n)) [((i, j), f i j) | i <- [0 .. n], j <- [0 .. n]]
        f i j | j == 0 || j == i = 1
              | j > i = 0
              | otherwise = a ! (i - 1, j - 1) + a ! (i - 1, j)

main :: IO ()
main = do
  print (editDistance "kitten" "sitting", editDistance "intention" "execution")
  let ws = ["haskell", "pascal", "fortran", "modula", "smalltalk", "oberon"]
  print [editDistance a b | a <- ws, b <- ws, a < b]
  putStrLn (lcs "the quick brown fox jumps" "a quick brown dog jumped over")
  print (length (lcs (take 60 (cycle "abcde")) (take 50 (cycle "aebdc"))))
  let h = histogram [x * x + 3 * x | x <- [1 .. 2000]]
  print (bounds h, elems h)
  let h2 = h // [(0, 0), (9, h ! 9 * 2)]
  print (h2 ! 0, h2 ! 9, sum (elems h2), indices h2 == [0 .. 9])
  let ps = sieve 3000
  print (length ps, last ps, take 10 ps)
  let p = pascal 30
  print (p ! (30, 15), sum [p ! (20, j) | j <- [0 .. 20]])
  print (fmap (* 2) (listArray (0, 4) [1, 2, 3, 4, 5 :: Int]))
