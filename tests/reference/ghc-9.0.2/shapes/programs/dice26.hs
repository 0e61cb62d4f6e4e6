-- replicateM in the list monad: dice distributions, codes, and a tiny Maybe pipeline
module Main where

import Control.Monad (replicateM, forM_, guard, foldM, zipWithM, mplus, mzero)
import qualified Data.Map as M
import Data.List (sort, group)

distribution :: Int -> Int -> M.Map Int Int
distribution n sides = M.fromListWith (+) [(sum r, 1) | r <- replicateM n [1 .. sides]]

codes :: Int -> String -> [String]
codes n alphabet = filter noRepeat (replicateM n alphabet)
  where noRepeat s = and (zipWith (/=) s (drop 1 s))

triples :: Int -> [(Int, Int, Int)]
triples n = do
  a <- [1 .. n]
  b <- [a .. n]
  c <- [b .. n]
  guard (a * a + b * b == c * c)
  return (a, b, c)

safeDiv :: Int -> Int -> Maybe Int
safeDiv _ 0 = Nothing
safeDiv a b = Just (a `div` b)

chain :: [Int] -> Maybe Int
chain = foldM safeDiv 1000000

yahtzee :: [Int] -> String
yahtzee r = case map length (group (sort r)) of
  [5] -> "yahtzee"
  ls | 4 `elem` ls -> "four"
     | sort ls == [2, 3] -> "full house"
     | 3 `elem` ls -> "three"
     | length (filter (== 2) ls) == 2 -> "two pairs"
     | sort r `elem` [[1 .. 5], [2 .. 6]] -> "straight"
     | otherwise -> "other"

main :: IO ()
main = do
  print (M.toList (distribution 3 6))
  let d4 = distribution 4 6
  print (M.foldr (+) 0 d4, M.lookup 14 d4, fst (M.findMax d4))
  print (length (codes 4 "abcde"), take 5 (codes 3 "xyz"))
  print (triples 40)
  print (map chain [[10, 10, 10], [5, 0, 2], [7, 3], []])
  print (zipWithM safeDiv [10, 20, 30] [2, 5, 3], zipWithM safeDiv [1, 2] [1, 0])
  print (safeDiv 5 0 `mplus` safeDiv 9 3, (mzero :: Maybe Int))
  let hands = M.fromListWith (+) [(yahtzee r, 1 :: Int) | r <- replicateM 5 [1 .. 6]]
  forM_ (M.toList hands) $ \(k, v) -> putStrLn (k ++ ": " ++ show v)
  print (sequence [Just 1, Just 2, Just (3 :: Int)], sequence [[1, 2], [3 :: Int]], replicateM 2 "ab")
