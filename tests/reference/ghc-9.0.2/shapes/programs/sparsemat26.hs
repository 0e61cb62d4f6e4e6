-- Sparse vectors and matrices over IntMap with Doubles: products, power iteration, PageRank
module Main where

import qualified Data.IntMap as IM
import Data.List (foldl')

type Vec = IM.IntMap Double
type Mat = IM.IntMap Vec

dot :: Vec -> Vec -> Double
dot a b = IM.foldr (+) 0 (IM.intersectionWith (*) a b)

mulMV :: Mat -> Vec -> Vec
mulMV m v = IM.filter (/= 0) (IM.map (`dot` v) m)

addV :: Vec -> Vec -> Vec
addV = IM.unionWith (+)

scale :: Double -> Vec -> Vec
scale k = IM.map (* k)

norm :: Vec -> Double
norm v = sqrt (dot v v)

transposeM :: Mat -> Mat
transposeM m = IM.fromListWith IM.union [(j, IM.singleton i x) | (i, row) <- IM.toList m, (j, x) <- IM.toList row]

mulMM :: Mat -> Mat -> Mat
mulMM a b = IM.map (\row -> IM.filter (/= 0) (IM.map (dot row) bt)) a
  where bt = transposeM b

fromTriples :: [(Int, Int, Double)] -> Mat
fromTriples ts = IM.fromListWith IM.union [(i, IM.singleton j x) | (i, j, x) <- ts]

power :: Mat -> Int -> (Double, Vec)
power m iters = go iters (IM.fromList [(i, 1) | i <- IM.keys m]) 0
  where
    go 0 v lam = (lam, v)
    go k v _ = let w = mulMV m v
                   n = norm w
               in go (k - 1) (scale (1 / n) w) n

pagerank :: Int -> [(Int, Int)] -> Int -> Vec
pagerank n links iters = iterate step start !! iters
  where
    start = IM.fromList [(i, 1 / fromIntegral n) | i <- [0 .. n - 1]]
    outdeg = IM.fromListWith (+) [(a, 1 :: Int) | (a, _) <- links]
    step v = foldl' (\acc (a, b) -> IM.insertWith (+) b (0.85 * v IM.! a / fromIntegral (outdeg IM.! a)) acc)
                    (IM.fromList [(i, 0.15 / fromIntegral n) | i <- [0 .. n - 1]]) links

r4 :: Double -> Double
r4 x = fromIntegral (round (x * 10000) :: Int) / 10000

main :: IO ()
main = do
  let m = fromTriples ([(i, i, 2) | i <- [0 .. 49]] ++ [(i, i + 1, -1) | i <- [0 .. 48]] ++ [(i + 1, i, -1) | i <- [0 .. 48]])
      v = IM.fromList [(i, fromIntegral (i `mod` 7)) | i <- [0, 3 .. 49]]
  print (IM.size m, sum (map IM.size (IM.elems m)))
  print (map r4 (IM.elems (IM.filterWithKey (\k _ -> k < 10) (mulMV m v))))
  print (r4 (dot v v), r4 (norm (addV v (scale (-0.5) v))))
  let m2 = mulMM m m
  print (sum (map IM.size (IM.elems m2)), IM.toList (m2 IM.! 3))
  let (lam, _) = power m 60
  print (r4 lam)
  let links = [(a, b) | a <- [0 .. 29], b <- [(a * 3 + 1) `mod` 30, (a * 7 + 2) `mod` 30, (a + 1) `mod` 30], a /= b]
      pr = pagerank 30 links 30
  print (r4 (sum (IM.elems pr)))
  print (take 5 (map (\(k, x) -> (k, r4 x)) (reverse (IM.toList pr))))
  print (IM.findMin pr, IM.size (IM.filter (> 1 / 30) pr))
