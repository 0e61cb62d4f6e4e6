module Main (main) where

import qualified Data.Map as M
import Data.List (sort, sortBy, nub, maximumBy, minimumBy)
import Data.Ord (comparing)

-- newtypes of a user program: identifiers, scores and names kept apart by type
newtype UserId = UserId Int deriving (Show, Eq, Ord)
newtype Name = Name String deriving (Show, Eq, Ord)
newtype Score = Score Double deriving (Show, Eq, Ord)

data Level = Low | Mid | High deriving (Show, Eq, Ord)
newtype Rank = Rank Level deriving (Show, Eq, Ord)

type Pair = (UserId, Name)

users :: [Pair]
users = [(UserId (i * 7 `mod` 31), Name (take 3 (cycle [c]))) | (i, c) <- zip [1 .. 30] (cycle "abcdefgh")]

scoreOf :: UserId -> Score
scoreOf (UserId n) = Score (fromIntegral (n * n `mod` 17) / 4)

rankOf :: Score -> Rank
rankOf (Score s)
  | s < 1 = Rank Low
  | s < 3 = Rank Mid
  | otherwise = Rank High

main :: IO ()
main = do
  let byId = M.fromList users
      byName = M.fromListWith (++) [(n, [u]) | (u, n) <- users]
      scores = map (scoreOf . fst) users
  print (M.size byId, M.size byName)
  print (M.lookup (UserId 14) byId)
  print (take 3 (M.toList byName))
  print (maximum scores, minimum scores)
  print (take 5 (sort (map fst users)))
  print (length (filter (/= Name "aaa") (map snd users)))
  print (nub (map (rankOf . scoreOf . fst) users))
  print (maximumBy (comparing snd) users, minimumBy (comparing fst) users)
  print (max (Rank Low) (Rank High), min (Name "x") (Name "b"), Rank Mid /= Rank Mid)
  print (sortBy (comparing rankOf) (take 6 scores))
  print (Score 1.5 > Score 1.25, compare (UserId 3) (UserId 3), UserId 4 <= UserId 2)
