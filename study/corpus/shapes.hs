module Main (main) where

-- Records and tuples: points as a data type with positional fields (the subset has no
-- record syntax), bounding boxes as tuples, a (min, max, sum) triple as the accumulator.
data Point = Point Int Int Int

mkPoint :: Int -> Point
mkPoint i = Point (i `mod` 17) (i * 7 `mod` 23) (i * 13 `mod` 31)

norm1 :: Point -> Int
norm1 (Point x y z) = x + y + z

stats :: [Point] -> (Int, Int, Int)
stats ps = foldl step (1000, 0, 0) ps
  where step (lo, hi, s) p = let n = norm1 p in (min lo n, max hi n, s + n)

bbox :: [Point] -> ((Int, Int), (Int, Int))
bbox ps = ((minimum xs, minimum ys), (maximum xs, maximum ys))
  where xs = [x | Point x _ _ <- ps]
        ys = [y | Point _ y _ <- ps]

main :: IO ()
main = do
  let ps = map mkPoint [1 .. 1200]
      (lo, hi, s) = stats ps
      ((x0, y0), (x1, y1)) = bbox ps
  putStrLn ("norms " ++ show lo ++ " " ++ show hi ++ " " ++ show s)
  putStrLn ("bbox " ++ show x0 ++ " " ++ show y0 ++ " " ++ show x1 ++ " " ++ show y1)
