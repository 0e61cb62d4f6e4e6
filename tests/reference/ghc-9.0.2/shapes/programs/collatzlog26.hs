-- Writer monad: logging Collatz trajectories and a gcd trace
module Main where

import Control.Monad.Writer
import qualified Data.Map as M
import Data.Either (lefts, rights)

collatz :: Int -> Writer [String] Int
collatz 1 = do
  tell ["reached 1"]
  return 0
collatz n = do
  let next = if even n then n `div` 2 else 3 * n + 1
  when (n > 1000) $ tell ["big " ++ show n]
  steps <- collatz next
  return (steps + 1)

gcdLog :: Int -> Int -> Writer [String] Int
gcdLog a 0 = do
  tell ["gcd is " ++ show a]
  return a
gcdLog a b = do
  tell [show a ++ " mod " ++ show b ++ " = " ++ show (a `mod` b)]
  gcdLog b (a `mod` b)

countSteps :: Int -> Writer [Either () Int] ()
countSteps n
  | n == 1 = return ()
  | otherwise = do
      tell (Left () : [Right n | n `mod` 7 == 0])
      countSteps (if even n then n `div` 2 else 3 * n + 1)

histogram :: [Int] -> M.Map Int Int
histogram = foldr (\k -> M.insertWith (+) (k `div` 20) 1) M.empty

main :: IO ()
main = do
  let (s, logs) = runWriter (collatz 27)
  print s
  print (length logs)
  mapM_ putStrLn (take 5 logs ++ [last logs])
  let (g, glog) = runWriter (gcdLog 1071 462)
  mapM_ putStrLn glog
  print g
  let lens = [fst (runWriter (collatz n)) | n <- [1 .. 300]]
  print (maximum lens, sum lens)
  print (M.toList (histogram lens))
  let ((), steps) = runWriter (mapM_ countSteps [97, 871, 6171])
      c = length (lefts steps)
      sevens = rights steps
  print c
  print (take 10 sevens, length sevens)
  let w = execWriter (forM_ [10, 20 .. 60] $ \k -> tell [k * k])
  print w
