-- foldl' with tuple accumulators: streaming statistics over generated sensor readings
module Main where

import Data.List (foldl')
import qualified Data.Map.Strict as M

data Reading = Reading { sensor :: Int, at :: Int, value :: Double }

readings :: Int -> [Reading]
readings n = [Reading (i `mod` 5) i (noise i) | i <- [0 .. n - 1]]
  where noise i = fromIntegral ((i * 7919 + 13) `mod` 1000) / 10 - 50 + fromIntegral (i `mod` 5) * 3

stats :: [Double] -> (Int, Double, Double, Double, Double)
stats = foldl' step (0, 0, 0, 1 / 0, -1 / 0)
  where step (n, s, q, lo, hi) x =
          let n' = n + 1
              s' = s + x
              q' = q + x * x
          in n' `seq` s' `seq` q' `seq` (n', s', q', min lo x, max hi x)

meanVar :: (Int, Double, Double, Double, Double) -> (Double, Double)
meanVar (n, s, q, _, _) = let m = s / fromIntegral n in (m, q / fromIntegral n - m * m)

perSensor :: [Reading] -> M.Map Int (Int, Double)
perSensor = foldl' (\m r -> M.insertWith add (sensor r) (1, value r) m) M.empty
  where add (a, b) (c, d) = (a + c, b + d)

runs :: [Reading] -> (Int, Int, Int)
runs rs = let (best, _, cnt) = foldl' go (0, 0, 0) rs in (best, cnt, length rs)
  where go (best, cur, cnt) r
          | value r > 0 = let c = cur + 1 in (max best c, c, cnt)
          | otherwise = (best, 0, if cur > 0 then cnt + 1 else cnt)

alarms :: Double -> [Reading] -> [(Int, Int)]
alarms limit = reverse . snd . foldl' go (False, [])
  where go (inAlarm, acc) r
          | value r > limit && not inAlarm = (True, (sensor r, at r) : acc)
          | value r <= limit = (False, acc)
          | otherwise = (inAlarm, acc)

r2 :: Double -> Double
r2 x = fromIntegral (round (x * 100) :: Int) / 100

main :: IO ()
main = do
  let rs = readings 3000
      st@(n, s, _, lo, hi) = stats (map value rs)
      (m, v) = meanVar st
  print (n, r2 s, lo, hi)
  print (r2 m, r2 v, r2 (sqrt v))
  mapM_ (\(k, (c, t)) -> putStrLn (show k ++ " " ++ show c ++ " " ++ show (r2 (t / fromIntegral c)))) (M.toList (perSensor rs))
  print (runs rs)
  print (take 10 (alarms 48 rs), length (alarms 45 rs))
  let (evens, odds) = foldl' (\(e, o) x -> if even x then (e + x, o) else (e, o + x)) (0, 0) [1 .. 10000 :: Int]
  print (evens, odds)
