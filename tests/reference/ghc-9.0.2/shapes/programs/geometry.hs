import Data.List (minimumBy, sortBy, foldl')
import Data.Ord (comparing)
import Text.Printf (printf)

data Point = Point { px :: Double, py :: Double } deriving (Show, Eq)

class HasArea a where
  area :: a -> Double
  perimeter :: a -> Double

class HasArea a => Solid a where
  volume :: Double -> a -> Double
  volume h x = h * area x

data Polygon = Polygon [Point]
data Circle = Circle Point Double

instance HasArea Polygon where
  area (Polygon ps) = abs (sum [x1 * y2 - x2 * y1 | (Point x1 y1, Point x2 y2) <- edges ps]) / 2
  perimeter (Polygon ps) = sum [dist a b | (a, b) <- edges ps]

instance HasArea Circle where
  area (Circle _ r) = pi * r * r
  perimeter (Circle _ r) = 2 * pi * r

instance Solid Polygon
instance Solid Circle where
  volume h c = area c * h / 3

edges :: [Point] -> [(Point, Point)]
edges ps = zip ps (tail ps ++ [head ps])

dist :: Point -> Point -> Double
dist (Point a b) (Point c d) = sqrt ((a - c) ^ 2 + (b - d) ^ 2)

centroid :: [Point] -> Point
centroid ps = Point (sx / n) (sy / n)
  where (sx, sy) = foldl' (\(x, y) (Point a b) -> (x + a, y + b)) (0, 0) ps
        n = fromIntegral (length ps)

regular :: Int -> Double -> [Point]
regular k r = [Point (r * cos t) (r * sin t) | i <- [0 .. k - 1], let t = 2 * pi * fromIntegral i / fromIntegral k]

closest :: Point -> [Point] -> Point
closest p = minimumBy (comparing (dist p))

angle :: Point -> Double
angle (Point x y) = atan2 y x * 180 / pi

main :: IO ()
main = do
  let square = Polygon [Point 0 0, Point 4 0, Point 4 4, Point 0 4]
      hexes = [Polygon (regular k 1) | k <- [3 .. 12]]
  printf "square: area %.2f perimeter %.2f volume %.2f\n" (area square) (perimeter square) (volume 2 square)
  mapM_ (\(k, h) -> printf "%2d-gon area %.5f perimeter %.5f\n" k (area h) (perimeter h)) (zip [3 :: Int ..] hexes)
  let c = Circle (Point 1 1) 2.5
  printf "circle: %.4f %.4f %.4f\n" (area c) (perimeter c) (volume 3 c)
  print (centroid (regular 7 3))
  let pts = [Point (fromIntegral (i * 37 `mod` 23)) (fromIntegral (i * 11 `mod` 17)) | i <- [1 .. 60 :: Int]]
  print (closest (Point 5 5) pts)
  print (map (round . angle) (take 8 pts) :: [Int])
  print (sortBy (comparing px) (take 5 pts) == take 5 pts)
  print (sum (map (\p -> dist (Point 0 0) p) pts) / 60)
