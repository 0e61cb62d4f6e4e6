-- Floating-point iteration: an ASCII Mandelbrot, Newton's roots, numeric integration
module Main where

data Complex = Complex !Double !Double

addC :: Complex -> Complex -> Complex
addC (Complex a b) (Complex c d) = Complex (a + c) (b + d)

mulC :: Complex -> Complex -> Complex
mulC (Complex a b) (Complex c d) = Complex (a * c - b * d) (a * d + b * c)

mag2 :: Complex -> Double
mag2 (Complex a b) = a * a + b * b

escape :: Int -> Complex -> Int
escape limit c = length (takeWhile ((<= 4) . mag2) (take limit (iterate (\z -> addC (mulC z z) c) (Complex 0 0))))

row :: Int -> Double -> String
row limit y = [shade (escape limit (Complex x y)) | x <- [-2.1, -2.0 .. 0.6]]
  where shade n | n >= limit = '#'
                | n > limit `div` 2 = '+'
                | n > 4 = '.'
                | otherwise = ' '

simpson :: (Double -> Double) -> Double -> Double -> Int -> Double
simpson f a b n = h / 3 * (f a + f b + 4 * sum odds + 2 * sum evens)
  where
    h = (b - a) / fromIntegral n
    odds = [f (a + fromIntegral i * h) | i <- [1, 3 .. n - 1]]
    evens = [f (a + fromIntegral i * h) | i <- [2, 4 .. n - 2]]

bisect :: (Double -> Double) -> Double -> Double -> Int -> Double
bisect f lo hi 0 = (lo + hi) / 2
bisect f lo hi k
  | signum (f mid) == signum (f lo) = bisect f mid hi (k - 1)
  | otherwise = bisect f lo mid (k - 1)
  where mid = (lo + hi) / 2

r6 :: Double -> Double
r6 x = fromIntegral (round (x * 1e6) :: Integer) / 1e6

main :: IO ()
main = do
  mapM_ (putStrLn . row 30) [-1.2, -1.1 .. 1.2]
  print (sum [escape 50 (Complex x y) | x <- [-2, -1.9 .. 0.5], y <- [-1, -0.9 .. 1]])
  print (r6 (simpson sin 0 pi 100), r6 (simpson (\x -> x * x) 0 3 60), r6 (simpson exp 0 1 200))
  print (r6 (bisect (\x -> x * x * x - 2 * x - 5) 2 3 50), r6 (bisect cos 0 3 40))
  print (map (\x -> r6 (sqrt x)) [2, 3, 10], truncate (1e10 :: Double) :: Int, floor (-2.5 :: Double) :: Int)
  print (show 0.1, show (1 / 3 :: Double), 1.0e-2 :: Double, 12345678.9 :: Double, fromIntegral (maxBound :: Int) :: Double)
