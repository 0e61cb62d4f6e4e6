import Data.Complex

-- iterations of z^2 + c before |z| > 2
escape :: Int -> Complex Double -> Int
escape limit c = go 0 (0 :+ 0)
  where
    go n z
      | n >= limit = limit
      | magnitude z > 2 = n
      | otherwise = go (n + 1) (z * z + c)

row :: Double -> String
row y = [cell (escape 30 (x :+ y)) | x <- [-2, -1.9 .. 0.5]]
  where
    cell n
      | n >= 30 = '#'
      | n > 8 = '+'
      | n > 3 = '.'
      | otherwise = ' '

-- a naive discrete Fourier transform
dft :: [Complex Double] -> [Complex Double]
dft xs = [sum [x * cis (-2 * pi * fromIntegral (j * k) / n) | (x, j) <- zip xs [0 ..]]
         | k <- [0 .. length xs - 1]]
  where
    n = fromIntegral (length xs)

rootsOfUnity :: Int -> [Complex Double]
rootsOfUnity n = [mkPolar 1 (2 * pi * fromIntegral k / fromIntegral n) | k <- [0 .. n - 1]]

roundC :: Complex Double -> (Double, Double)
roundC z = (r (realPart z), r (imagPart z))
  where
    r v = fromIntegral (round (v * 1000) :: Int) / 1000

main :: IO ()
main = do
  mapM_ (putStrLn . row) [-1, -0.8 .. 1]
  let signal = [fromIntegral (k `mod` 4) :+ 0 | k <- [0 .. 15 :: Int]]
  mapM_ (print . roundC) (dft signal)
  print (map roundC (rootsOfUnity 6))
  print (sum (rootsOfUnity 5))
  let z = 3 :+ 4 :: Complex Double
  print (z / conjugate z, sqrt z, exp (0 :+ pi) + 1, polar z)
  print (magnitude (z ^ 10), phase (negate z))
