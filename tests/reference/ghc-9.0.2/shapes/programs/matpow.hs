import Data.List (transpose, foldl')

type Matrix = [[Integer]]

mmul :: Matrix -> Matrix -> Matrix
mmul a b = [[sum (zipWith (*) r c) | c <- cols] | r <- a]
  where cols = transpose b

identity :: Int -> Matrix
identity n = [[if i == j then 1 else 0 | j <- [1 .. n]] | i <- [1 .. n]]

mpow :: Matrix -> Int -> Matrix
mpow m 0 = identity (length m)
mpow m k
  | even k = let h = mpow m (k `div` 2) in mmul h h
  | otherwise = mmul m (mpow m (k - 1))

fibM :: Int -> Integer
fibM n = head (head (mpow [[1, 1], [1, 0]] n) !! 1 : [])

trace' :: Matrix -> Integer
trace' m = foldl' (+) 0 [m !! i !! i | i <- [0 .. length m - 1]]

main :: IO ()
main = do
  let m = [[fromIntegral (i * j `mod` 7) | j <- [1 .. 12]] | i <- [1 .. 12 :: Int]]
  print (trace' (mpow m 5))
  print (fibM 90)
  print (map sum (mmul m (identity 12)))
