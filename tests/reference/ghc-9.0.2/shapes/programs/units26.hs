-- newtypes with deriving and hand-written Num instances: units of measure
module Main where

import Data.List (foldl', sortBy)
import Data.Ord (comparing)

newtype Metres = Metres Double deriving (Show, Eq, Ord)
newtype Seconds = Seconds Double deriving (Show, Eq, Ord)
newtype Cents = Cents Int deriving (Eq, Ord)
newtype Count = Count { getCount :: Int } deriving (Show, Eq, Ord)

instance Num Cents where
  Cents a + Cents b = Cents (a + b)
  Cents a - Cents b = Cents (a - b)
  Cents a * Cents b = Cents (a * b `div` 100)
  abs (Cents a) = Cents (abs a)
  signum (Cents a) = Cents (signum a * 100)
  fromInteger n = Cents (fromInteger n * 100)

instance Show Cents where
  show (Cents c) = sign ++ show (a `div` 100) ++ "." ++ pad (a `mod` 100)
    where a = abs c
          sign = if c < 0 then "-" else ""
          pad n = if n < 10 then '0' : show n else show n

instance Num Metres where
  Metres a + Metres b = Metres (a + b)
  Metres a - Metres b = Metres (a - b)
  Metres a * Metres b = Metres (a * b)
  abs (Metres a) = Metres (abs a)
  signum (Metres a) = Metres (signum a)
  fromInteger = Metres . fromInteger

speed :: Metres -> Seconds -> Double
speed (Metres m) (Seconds s) = m / s

data Leg = Leg { legName :: String, dist :: Metres, time :: Seconds, fare :: Cents }
  deriving Show

legs :: [Leg]
legs = [Leg ("leg" ++ show i) (Metres (fromIntegral (i * 350 + 120))) (Seconds (fromIntegral (i * 41 + 30)))
            (Cents (i * 137 + 99)) | i <- [1 .. 30 :: Int]]

totals :: [Leg] -> (Metres, Seconds, Cents, Count)
totals = foldl' step (0, Seconds 0, 0, Count 0)
  where step (m, Seconds s, c, Count n) l =
          let Seconds t = time l in (m + dist l, Seconds (s + t), c + fare l, Count (n + 1))

main :: IO ()
main = do
  print (Metres 3 + 4, Cents 250 + 3, sum (map Cents [1, 2, 3]), negate (Cents 5))
  print (Cents 1999 * 3, abs (Cents (-450)), signum (Cents (-2)), Cents (-5))
  let (m, s, c, n) = totals legs
  print m
  print s
  print (c, n, getCount n)
  let fastest = take 3 (sortBy (comparing (\l -> negate (speed (dist l) (time l)))) legs)
  mapM_ (\l -> putStrLn (legName l ++ " " ++ show (speed (dist l) (time l)))) fastest
  print (maximum (map fare legs), minimum (map dist legs), Seconds 1 < Seconds 2)
  print (head legs)
  print (foldr (\l acc -> fare l + acc) 0 (filter ((> Metres 5000) . dist) legs))
  print [Count k | k <- [1 .. 5], odd k]
