-- Matrices as lists of lists: transpose, multiplication, powers, determinant, Gaussian rows
import Data.List (transpose, foldl')
import Data.Ratio ((%), numerator, denominator)

type Matrix a = [[a]]

mmul :: Num a => Matrix a -> Matrix a -> Matrix a
mmul a b = [[sum (zipWith (*) row col) | col <- cols] | row <- a]
  where cols = transpose b

identity :: Num a => Int -> Matrix a
identity n = [[if i == j then 1 else 0 | j <- [1 .. n]] | i <- [1 .. n]]

mpow :: Num a => Matrix a -> Int -> Matrix a
mpow m 0 = identity (length m)
mpow m k
  | even k = let h = mpow m (k `div` 2) in mmul h h
  | otherwise = mmul m (mpow m (k - 1))

minor :: Int -> Matrix a -> Matrix a
minor i rows = [take i r ++ drop (i + 1) r | r <- tail rows]

det :: Num a => Matrix a -> a
det [[x]] = x
det m = sum [sign i * x * det (minor i m) | (i, x) <- zip [0 ..] (head m)]
  where sign i = if even i then 1 else -1

-- row reduction over rationals
rank :: Matrix Rational -> Int
rank = go 0
  where
    go r rows = case filter (any (/= 0)) rows of
      [] -> r
      nz -> case break ((/= 0) . head) nz of
        (zs, pivotRow : rest) ->
          let p = head pivotRow
              eliminate row = tail (zipWith (\a b -> a - b * (head row / p)) row pivotRow)
          in go (r + 1) (map eliminate (zs ++ rest))
        (zs, []) -> go r (map tail zs)

showMatrix :: Show a => Matrix a -> String
showMatrix m = unlines (map (unwords . map (pad . show)) m)
  where width = maximum (map (length . show) (concat m))
        pad s = replicate (width - length s) ' ' ++ s

showRat :: Rational -> String
showRat r
  | denominator r == 1 = show (numerator r)
  | otherwise = show (numerator r) ++ "/" ++ show (denominator r)

main :: IO ()
main = do
  let a = [[1, 2, 3], [4, 5, 6], [7, 8, 10]] :: Matrix Integer
      fibm = [[1, 1], [1, 0]] :: Matrix Integer
  putStr (showMatrix (mmul a a))
  putStr (showMatrix (transpose a))
  print (head (head (mpow fibm 60)), mpow fibm 10)
  print (det a, det (mmul a a), det (identity 5 :: Matrix Int))
  let b = [[fromIntegral ((i * j + i) `mod` 7) | j <- [1 .. 5 :: Int]] | i <- [1 .. 5 :: Int]] :: Matrix Integer
  putStr (showMatrix b)
  print (det b, foldl' (+) 0 (map sum (mpow b 3)))
  let r = map (map fromIntegral) b :: Matrix Rational
  print (rank r, rank (map (map fromIntegral) a), rank [[1, 2], [2, 4 :: Rational]])
  putStrLn (unwords (map showRat [1 % 3 + 1 % 6, 3 % 4 * 2, 5 % 10]))
