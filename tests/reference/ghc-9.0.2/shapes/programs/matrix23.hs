-- matrices as lists of lists: zipWith3, transpose, powers, traces and a small linear recurrence
import Data.List (transpose, intercalate)

type Matrix = [[Integer]]

mmul :: Matrix -> Matrix -> Matrix
mmul a b = [[sum (zipWith (*) row col) | col <- cols] | row <- a]
  where cols = transpose b

madd :: Matrix -> Matrix -> Matrix
madd = zipWith (zipWith (+))

identity :: Int -> Matrix
identity n = [[if i == j then 1 else 0 | j <- [1 .. n]] | i <- [1 .. n]]

mpow :: Matrix -> Int -> Matrix
mpow m 0 = identity (length m)
mpow m k
  | even k = let h = mpow m (k `div` 2) in mmul h h
  | otherwise = mmul m (mpow m (k - 1))

trace' :: Matrix -> Integer
trace' m = sum [row !! i | (i, row) <- zip [0 ..] m]

blend :: [Integer] -> [Integer] -> [Integer] -> [Integer]
blend = zipWith3 (\a b c -> a * 100 + b * 10 + c)

pretty :: Matrix -> String
pretty m = intercalate "\n" (map (unwords . map pad) m)
  where width = maximum (map (length . show) (concat m))
        pad x = let s = show x in replicate (width - length s) ' ' ++ s

minor :: Int -> Int -> Matrix -> Matrix
minor i j m = [dropAt j row | (k, row) <- zip [0 ..] m, k /= i]
  where dropAt n xs = take n xs ++ drop (n + 1) xs

det :: Matrix -> Integer
det [[x]] = x
det m = sum [sign j * x * det (minor 0 j m) | (j, x) <- zip [0 ..] (head m)]
  where sign j = if even j then 1 else -1

main :: IO ()
main = do
  let a = [[1, 2, 0], [0, 1, 3], [4, 0, 1]]
      b = [[2, -1, 0], [1, 1, 1], [0, 5, -2]]
      fib = [[1, 1], [1, 0]]
  putStrLn (pretty (mmul a b))
  putStrLn (pretty (madd a (identity 3)))
  print (map (head . head . mpow fib) [10, 20, 50, 90])
  print (trace' (mpow a 5), det a, det b, det (mmul a b))
  print (blend [1, 2, 3] [4, 5, 6] [7, 8, 9])
  print (zipWith3 zip3 a b (transpose a))
  let big = [[fromIntegral ((i * j) `mod` 7) - 3 | j <- [1 .. 5]] | i <- [1 .. 5 :: Int]]
  putStrLn (pretty (mpow big 4))
  print (det big, det (mmul big (transpose big)))
  print (unzip3 [(x, x * x, -x) | x <- [1 .. 5 :: Int]])
