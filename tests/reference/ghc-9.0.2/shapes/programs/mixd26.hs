{-# LANGUAGE LambdaCase, BangPatterns, TupleSections, ExistentialQuantification #-}
module Main where

import Data.IORef
import Data.List (maximumBy, minimumBy, unfoldr, partition, transpose, zipWith3, foldl1')
import Data.Ord (comparing)
import qualified Data.Map as M
import Control.Monad (forM, forM_, when, replicateM_, foldM)

class Shape a where
  area :: a -> Double
  perimeter :: a -> Double
  describe :: a -> String
  describe x = "area " ++ show (area x) ++ ", perimeter " ++ show (perimeter x)

data Circle = Circle Double
data Rect = Rect { rw :: Double, rh :: Double }

instance Shape Circle where
  area (Circle r) = pi * r * r
  perimeter (Circle r) = 2 * pi * r

instance Shape Rect where
  area r = rw r * rh r
  perimeter (Rect w h) = 2 * (w + h)
  describe r = "rect " ++ show (rw r) ++ "x" ++ show (rh r)

data AnyShape = forall s. Shape s => AnyShape s

collatzLen :: Int -> Int
collatzLen = go 1
  where
    go !acc 1 = acc
    go !acc n = go (acc + 1) (if even n then n `div` 2 else 3 * n + 1)

digits :: Integer -> [Int]
digits = reverse . unfoldr (\n -> if n == 0 then Nothing else Just (fromIntegral (n `mod` 10), n `div` 10))

classify :: Int -> String
classify = \case
  0 -> "zero"
  n | n < 0 -> "negative"
    | even n -> "even"
    | otherwise -> "odd"

main :: IO ()
main = do
  putStrLn (describe (Circle 1.5))
  putStrLn (describe (Rect 2 3.5))
  ref <- newIORef (0 :: Int)
  forM_ [1 .. 100] $ \i -> when (i `mod` 7 == 0) $ modifyIORef' ref (+ i)
  readIORef ref >>= print
  let best = maximumBy (comparing collatzLen) [1 .. 3000]
  print (best, collatzLen best, minimumBy (comparing snd) (map (\x -> (x, x * x - 10 * x)) [1 .. 20 :: Int]))
  print (sum (digits (product [1 .. 50])), length (show (2 ^ (200 :: Int) :: Integer)))
  print (map classify [0, -3, 4, 7])
  let (evens, odds) = partition even [1 .. 20 :: Int]
  print (zipWith3 (\a b c -> a * b + c) evens odds [100 ..], transpose [[1, 2, 3], [4, 5], [6 :: Int]])
  total <- foldM (\acc x -> do { when (x == 3) (putStrLn "three"); return (acc + x) }) 0 [1 .. 5 :: Int]
  print total
  rs <- forM [1 .. 3 :: Int] (\i -> return (i, replicate i 'x'))
  print rs
  print (map (,True) "ab", foldl1' max [3, 1, 4, 1, 5 :: Int])
  print ([0.1, 0.3 .. 1.0] :: [Double], floor (2.7 :: Double) :: Int, ceiling (2.1 :: Double) :: Int, sqrt 2 :: Double)
  print (divMod (-7) 2 :: (Int, Int), quotRem (-7) 2 :: (Int, Int), gcd 12 18 :: Int, lcm 4 6 :: Int)
  let m = foldr (\(k, v) -> M.insertWith (++) k [v]) M.empty (zip (cycle "abc") [1 .. 10 :: Int])
  print (M.foldrWithKey (\k v acc -> (k, sum v) : acc) [] (M.adjust (map negate) 'b' m))
  print (read "[1,2,3]" :: [Int], read "(1,\"x\")" :: (Int, String))
  replicateM_ 2 (putStrLn "hi")
  mapM_ (\(AnyShape s) -> putStrLn (describe s)) [AnyShape (Circle 1), AnyShape (Rect 1 2)]
