import Text.Printf (printf)
import Data.List (sortBy, maximumBy, foldl')
import Data.Ord (comparing)

type Sample = (Double, Double)

mean :: [Double] -> Double
mean xs = sum xs / fromIntegral (length xs)

stddev :: [Double] -> Double
stddev xs = sqrt (sum [(x - m) * (x - m) | x <- xs] / fromIntegral (length xs - 1))
  where m = mean xs

linreg :: [Sample] -> (Double, Double)
linreg ps = (slope, intercept)
  where
    xs = map fst ps
    ys = map snd ps
    mx = mean xs
    my = mean ys
    slope = sum (zipWith (\x y -> (x - mx) * (y - my)) xs ys) / sum [(x - mx) ^ 2 | x <- xs]
    intercept = my - slope * mx

correlation :: [Sample] -> Double
correlation ps = cov / (stddev xs * stddev ys)
  where
    xs = map fst ps
    ys = map snd ps
    n = fromIntegral (length ps)
    cov = (sum (zipWith (*) xs ys) - n * mean xs * mean ys) / (n - 1)

noise :: Int -> Double
noise i = fromIntegral ((i * 7919) `mod` 101 - 50) / 25

samples :: [Sample]
samples = [ (x, 3.5 * x - 2 + noise i) | i <- [1 .. 120], let x = fromIntegral i / 4 ]

residuals :: (Double, Double) -> [Sample] -> [Double]
residuals (a, b) ps = [ y - (a * x + b) | (x, y) <- ps ]

bucket :: Double -> Int
bucket r = floor (r * 2)

main :: IO ()
main = do
  let (a, b) = linreg samples
  printf "slope %.4f intercept %.4f\n" a b
  printf "r = %.5f\n" (correlation samples)
  let rs = residuals (a, b) samples
  printf "residual mean %.6f sd %.4f\n" (mean rs) (stddev rs)
  print (maximumBy (comparing abs) rs)
  let hist = foldl' (\acc r -> let k = bucket r in [ if i == k then c + 1 else c | (i, c) <- zip [-4 ..] acc ]) (replicate 9 (0 :: Int)) rs
  mapM_ (\(i, c) -> putStrLn (show (fromIntegral i / 2 :: Double) ++ "\t" ++ replicate c '*')) (zip [-4 :: Int ..] hist)
  print (take 5 (sortBy (comparing negate) (map snd samples)))
  print (round (sum (map fst samples)) :: Int, truncate (mean (map snd samples) * 1000) :: Integer)
