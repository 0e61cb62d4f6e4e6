import Data.List (sortBy, maximumBy)
import Data.Ord (comparing)

data Shape
  = Circle Double
  | Rect Double Double
  | Triangle Double Double Double
  deriving (Eq)

instance Show Shape where
  show (Circle r) = "circle of radius " ++ show r
  show (Rect w h) = "rectangle " ++ show w ++ "x" ++ show h
  show (Triangle a b c) = "triangle " ++ show (a, b, c)

class HasArea a where
  area :: a -> Double
  perimeter :: a -> Double
  describe :: a -> String
  describe x = "area " ++ show (roundTo 2 (area x)) ++ ", perimeter " ++ show (roundTo 2 (perimeter x))

instance HasArea Shape where
  area (Circle r) = pi * r * r
  area (Rect w h) = w * h
  area (Triangle a b c) = sqrt (s * (s - a) * (s - b) * (s - c))
    where s = (a + b + c) / 2
  perimeter (Circle r) = 2 * pi * r
  perimeter (Rect w h) = 2 * (w + h)
  perimeter (Triangle a b c) = a + b + c

roundTo :: Int -> Double -> Double
roundTo n x = fromIntegral (round (x * f)) / f
  where f = 10 ^ n

scale :: Double -> Shape -> Shape
scale k (Circle r) = Circle (k * r)
scale k (Rect w h) = Rect (k * w) (k * h)
scale k (Triangle a b c) = Triangle (k * a) (k * b) (k * c)

shapes :: [Shape]
shapes = [Circle 1.5, Rect 3 4, Triangle 3 4 5, Circle 0.5, Rect 10 0.25, Triangle 6 6 6]

main :: IO ()
main = do
  mapM_ (\s -> putStrLn (show s ++ ": " ++ describe s)) shapes
  print (roundTo 3 (sum (map area shapes)))
  print (maximumBy (comparing area) shapes)
  mapM_ print (sortBy (comparing perimeter) (map (scale 2) shapes))
  print (length (filter (\s -> area s > 5) shapes))
  let grown = take 40 (iterate (scale 1.1) (Rect 1 2))
  print (roundTo 1 (sum (map area grown)))
  print (Circle 2 == scale 2 (Circle 1), Rect 1 2 == Rect 2 1)
