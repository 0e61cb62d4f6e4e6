import Data.List (transpose, intercalate)

type Matrix = [[Int]]

identity :: Int -> Matrix
identity n = [[if i == j then 1 else 0 | j <- [1 .. n]] | i <- [1 .. n]]

mmul :: Matrix -> Matrix -> Matrix
mmul a b = [[sum (zipWith (*) row col) | col <- cols] | row <- a]
  where cols = transpose b

madd :: Matrix -> Matrix -> Matrix
madd = zipWith (zipWith (+))

mpow :: Matrix -> Int -> Matrix
mpow m 0 = identity (length m)
mpow m k
  | even k = let h = mpow m (k `div` 2) in mmul h h
  | otherwise = mmul m (mpow m (k - 1))

showMatrix :: Matrix -> String
showMatrix m = intercalate "\n" (map showRow m)
  where
    width = maximum (map (length . show) (concat m))
    showRow r = unwords [replicate (width - length (show x)) ' ' ++ show x | x <- r]

trace' :: Matrix -> Int
trace' m = sum [m !! i !! i | i <- [0 .. length m - 1]]

fib :: Int -> Int
fib n = head (head (mpow [[1, 1], [1, 0]] n)) 

magic :: Int -> Matrix
magic n = [[(n * ((i + j - 1 + n `div` 2) `mod` n)) + ((i + 2 * j - 2) `mod` n) + 1
            | j <- [1 .. n]] | i <- [1 .. n]]

isMagic :: Matrix -> Bool
isMagic m = all (== s) (map sum m) && all (== s) (map sum (transpose m))
  where s = sum (head m)

main :: IO ()
main = do
  let a = [[1, 2, 3], [4, 5, 6], [7, 8, 9]]
  putStrLn (showMatrix (mmul a a))
  putStrLn (showMatrix (madd a (identity 3)))
  print (map fib [1 .. 20])
  print (trace' (mpow a 5))
  let m = magic 5
  putStrLn (showMatrix m)
  print (isMagic m, isMagic a)
  print (sum (map sum (mpow (magic 7) 3)))
