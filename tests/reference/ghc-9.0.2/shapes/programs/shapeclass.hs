data Shape = Circle Double | Rect Double Double | Triangle Double Double Double

class HasArea a where
  area :: a -> Double
  perimeter :: a -> Double

instance HasArea Shape where
  area (Circle r) = pi * r * r
  area (Rect w h) = w * h
  area (Triangle a b c) = let s = (a + b + c) / 2 in sqrt (s * (s - a) * (s - b) * (s - c))
  perimeter (Circle r) = 2 * pi * r
  perimeter (Rect w h) = 2 * (w + h)
  perimeter (Triangle a b c) = a + b + c

instance Show Shape where
  show (Circle r) = "Circle " ++ show r
  show (Rect w h) = "Rect " ++ show w ++ "x" ++ show h
  show (Triangle a b c) = "Tri " ++ show (a, b, c)

mkShapes :: Int -> [Shape]
mkShapes n = [mk i | i <- [1 .. n]]
  where mk i | i `mod` 3 == 0 = Circle (fromIntegral i / 10)
             | i `mod` 3 == 1 = Rect (fromIntegral i) 2
             | otherwise = Triangle 3 4 5

main :: IO ()
main = do
  let ss = mkShapes 2000
  print (sum (map area ss))
  print (maximum (map perimeter ss))
  mapM_ print (take 4 ss)
  print (length (filter ((> 100) . area) ss))
