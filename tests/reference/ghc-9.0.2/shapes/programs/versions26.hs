-- Hand-written Eq/Ord instances: version numbers, priorities, a case-insensitive key
module Main where

import Data.Char (isDigit, toLower)
import Data.List (sort, sortBy, maximumBy, minimumBy, insert, group)
import qualified Data.Set as S

data Version = Version [Int] String

parseVersion :: String -> Version
parseVersion s = let (nums, tag) = break (== '-') s
                 in Version (map read (splitDots nums)) (drop 1 tag)
  where splitDots str = case break (== '.') str of
          (a, []) -> [a]
          (a, _:rest) -> a : splitDots rest

instance Eq Version where
  Version a t == Version b u = dropZeros a == dropZeros b && t == u

instance Ord Version where
  compare (Version a t) (Version b u) = case compare (pad a) (pad b) of
      EQ -> cmpTag t u
      o -> o
    where
      n = max (length a) (length b)
      pad xs = xs ++ replicate (n - length xs) 0
      cmpTag "" "" = EQ
      cmpTag "" _ = GT
      cmpTag _ "" = LT
      cmpTag x y = compare x y

instance Show Version where
  show (Version ns t) = foldr1 (\a b -> a ++ "." ++ b) (map show ns) ++ (if null t then "" else '-' : t)

dropZeros :: [Int] -> [Int]
dropZeros = reverse . dropWhile (== 0) . reverse

data Priority = Low | Normal | High | Urgent deriving (Show, Eq, Enum, Bounded)

instance Ord Priority where
  a <= b = fromEnum a <= fromEnum b

data Task = Task { title :: String, prio :: Priority, due :: Int } deriving Show

instance Eq Task where
  a == b = prio a == prio b && due a == due b
instance Ord Task where
  compare a b
    | prio a /= prio b = compare (prio b) (prio a)
    | otherwise = compare (due a) (due b)

newtype CI = CI String
instance Eq CI where
  CI a == CI b = map toLower a == map toLower b
instance Ord CI where
  compare (CI a) (CI b) = compare (map toLower a) (map toLower b)
instance Show CI where
  show (CI s) = show s

main :: IO ()
main = do
  let vs = map parseVersion ["1.2.10", "1.2.9", "1.10", "1.2", "1.2.0", "2.0-rc1", "2.0",
                             "2.0-beta", "0.9.9.9", "1.2.10-alpha", "10.0"]
  print (sort vs)
  print (maximum vs, minimum vs)
  print (parseVersion "1.2" == parseVersion "1.2.0.0", parseVersion "3.1" < parseVersion "3.1.1")
  print (map (map head . group . sort) [[High, Low, Urgent, Low, Normal, High]])
  print ([minBound .. maxBound :: Priority], Low < Urgent, max Normal High, compare High Low)
  let tasks = [Task ("t" ++ show i) (toEnum (i * 7 `mod` 4)) ((i * 13) `mod` 17) | i <- [1 .. 24 :: Int]]
  mapM_ print (take 6 (sort tasks))
  print (title (maximum tasks), title (minimum tasks))
  print (title (maximumBy (\a b -> compare (due a) (due b)) tasks), title (minimumBy compare tasks))
  let ws = words "Apple banana APPLE Cherry cherry BANANA date Date apple Elder"
  print (S.toList (S.fromList (map CI ws)))
  print (foldr insert [] (map CI ws))
  print (sortBy (flip compare) (map CI ws))
