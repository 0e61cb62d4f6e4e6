import Text.Printf (printf)
import Numeric (showFFloat)
import Data.List (transpose, foldl')

type Vec = [Double]
type Mat = [[Double]]

dot :: Vec -> Vec -> Double
dot u v = sum (zipWith (*) u v)

norm :: Vec -> Double
norm v = sqrt (dot v v)

scale :: Double -> Vec -> Vec
scale k = map (k *)

vadd :: Vec -> Vec -> Vec
vadd = zipWith (+)

mmul :: Mat -> Mat -> Mat
mmul a b = [ [ dot row col | col <- cols ] | row <- a ]
  where cols = transpose b

mvec :: Mat -> Vec -> Vec
mvec m v = map (`dot` v) m

identity :: Int -> Mat
identity n = [ [ if i == j then 1 else 0 | j <- [1 .. n] ] | i <- [1 .. n] ]

hilbert :: Int -> Mat
hilbert n = [ [ 1 / fromIntegral (i + j - 1) | j <- [1 .. n] ] | i <- [1 .. n] ]

powerIteration :: Mat -> Vec -> Int -> (Double, Vec)
powerIteration m v0 iters = go v0 iters
  where
    go v 0 = (dot v (mvec m v), v)
    go v k = let w = mvec m v
                 n = norm w
             in go (scale (1 / n) w) (k - 1)

gramSchmidt :: [Vec] -> [Vec]
gramSchmidt = foldl' step []
  where
    step basis v =
      let w = foldl' (\acc b -> vadd acc (scale (negate (dot v b)) b)) v basis
      in basis ++ [scale (1 / norm w) w]

showRow :: Vec -> String
showRow = unwords . map (\x -> showFFloat (Just 4) x "")

main :: IO ()
main = do
  let h = hilbert 6
  mapM_ (putStrLn . showRow) (take 3 h)
  let (lambda, v) = powerIteration h (replicate 6 1) 60
  printf "largest eigenvalue: %.6f\n" lambda
  putStrLn (showRow v)
  let p = foldr mmul (identity 6) (replicate 8 h)
  printf "trace of h^8: %.8e\n" (sum [ p !! i !! i | i <- [0 .. 5] ])
  let qs = gramSchmidt [ [ fromIntegral ((i * j) `mod` 7) + 1 | j <- [1 .. 5 :: Int] ]
                       | i <- [1 .. 5 :: Int] ]
  mapM_ (putStrLn . showRow) qs
  let dots = [ dot a b | a <- qs, b <- qs ]
  printf "orthonormal error: %.3e\n" (maximum (zipWith (\d k -> abs (d - k)) dots
                                          (concat (identity 5))))
  printf "%5d %8.3f %s\n" (42 :: Int) (norm [3, 4] :: Double) (show (scale 2 [1.5, -2.25]))
  print (map (\x -> fromIntegral (round (x * 1000)) / 1000) (mvec h [1, -1, 1, -1, 1, -1]))
