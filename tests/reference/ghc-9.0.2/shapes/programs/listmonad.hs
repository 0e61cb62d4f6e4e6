-- Searching with the list monad: guard, replicateM, sequence and comprehensions.
import Control.Monad (guard, replicateM, forM_, mplus, mzero)
import Data.List (sortBy, maximumBy, minimumBy)
import Data.Ord (comparing)

pythag :: Int -> [(Int, Int, Int)]
pythag n = do
  a <- [1 .. n]
  b <- [a .. n]
  c <- [b .. n]
  guard (a * a + b * b == c * c)
  return (a, b, c)

sendMoreLike :: [(Int, Int)]
sendMoreLike = do
  x <- [1 .. 9]
  y <- [0 .. 9]
  guard (x /= y)
  let n = 10 * x + y
  guard (n `mod` 7 == 3)
  return (x, y)

coins :: Int -> [Int] -> [[Int]]
coins 0 _ = [[]]
coins _ [] = []
coins amt cs@(c:rest)
  | amt < 0 = []
  | otherwise = map (c :) (coins (amt - c) cs) ++ coins amt rest

safeRoot :: Double -> [Double]
safeRoot x = if x < 0 then mzero else return (sqrt x) `mplus` return (negate (sqrt x))

main :: IO ()
main = do
  print (pythag 30)
  print (take 6 sendMoreLike, length sendMoreLike)
  print (replicateM 2 "abc")
  print (length (replicateM 4 [0, 1 :: Int]), sum (map sum (replicateM 4 [0, 1 :: Int])))
  print (sequence [[1, 2], [3], [4, 5 :: Int]])
  let ways = coins 40 [25, 10, 5, 1]
  print (length ways)
  print (maximumBy (comparing length) ways, minimumBy (comparing length) ways)
  print (take 3 (sortBy (comparing (\w -> (length w, head w))) ways))
  print (safeRoot 16 >>= safeRoot, safeRoot (-1))
  print ((,) <$> [1, 2 :: Int] <*> "xy")
  print (zipWith ($) [(+ 1), (* 2), subtract 3] [10, 20, 30 :: Int])
  print (concat [[x, y] | (x, y) <- zip "abc" "xyz"], [ x * y | x <- [1 .. 4], y <- [x .. 4], odd (x + y) ])
  forM_ [ (a, b) | a <- [1 .. 3 :: Int], b <- "pq" ] print
