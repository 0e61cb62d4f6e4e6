-- Type-class-polymorphic code through dictionaries: a class with instances, polymorphic
-- sums and a Num-polymorphic power function used at two types.
class Shape a where
  area :: a -> Double
  name :: a -> String

data Circle = Circle Double
data Rect = Rect Double Double

instance Shape Circle where
  area (Circle r) = 3.14159 * r * r
  name _ = "circle"

instance Shape Rect where
  area (Rect w h) = w * h
  name _ = "rect"

totalArea :: Shape a => [a] -> Double
totalArea = foldr (\s acc -> area s + acc) 0

power :: Num a => a -> Int -> a
power _ 0 = 1
power x k = x * power x (k - 1)

sumPow :: (Num a, Ord a) => a -> Int -> a
sumPow x n = go 0 0
  where go i acc | i >= n = acc
                 | otherwise = go (i + 1) (acc + power x (i `mod` 8))

main :: IO ()
main = do
  print (totalArea [Circle (fromIntegral i) | i <- [1 .. 40000 :: Int]])
  print (totalArea [Rect (fromIntegral i) 2 | i <- [1 .. 40000 :: Int]])
  print (sumPow (3 :: Int) 40000)
  print (sumPow (1.5 :: Double) 16000)
  putStrLn (name (Circle 1) ++ name (Rect 1 1))
