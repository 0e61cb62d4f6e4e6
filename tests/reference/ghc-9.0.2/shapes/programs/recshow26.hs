-- show of negative numbers, Doubles, records, nested data, operators and Maybe/Either
module Main where

import qualified Data.Map as M

data Vec = Vec { vx :: Double, vy :: Double } deriving (Show, Eq, Ord)
data Shape = Circle { centre :: Vec, radius :: Double }
           | Poly { points :: [Vec] }
           | Group String [Shape]
  deriving (Show, Eq)
data Temp = Temp Int deriving Show
data Pair a b = a :*: b deriving Show
infixr 5 :*:
newtype Wrap = Wrap { unwrap :: Maybe Int } deriving Show
data Account = Account { owner :: String, balance :: Integer, history :: [Either String Int] }
  deriving Show

shapes :: [Shape]
shapes =
  [ Circle (Vec 0 0) 1.5
  , Circle (Vec (-2.5) 3) 0.1
  , Poly [Vec (fromIntegral i) (fromIntegral (negate i) / 3) | i <- [1 .. 4 :: Int]]
  , Group "g" [Circle (Vec 1e7 (-1.0e-3)) 2, Poly []]
  ]

area :: Shape -> Double
area (Circle _ r) = pi * r * r
area (Poly ps) = abs (sum (zipWith cross ps (drop 1 ps ++ take 1 ps))) / 2
  where cross (Vec a b) (Vec c d) = a * d - b * c
area (Group _ ss) = sum (map area ss)

main :: IO ()
main = do
  mapM_ print shapes
  print (map area shapes)
  print [Temp (-5), Temp 0, Temp 12]
  print (Just (-3) :: Maybe Int, Left (-2.5) :: Either Double Int, [Just (Temp (-1))])
  print (1 :*: 'x' :*: "y", (-1) :*: Just (-2 :: Int))
  print (Wrap (Just (-7)), Wrap Nothing)
  print (Account "zoe" (-1200) [Left "fee", Right (-30), Right 45])
  print (map (\x -> x / 7) [-1, 0.5, 100, 1234567.0, 1.0e-4 :: Double])
  print (map fromIntegral [-3, 7 :: Int] :: [Double], 2 ^ 70 :: Integer, negate (2 ^ 65) :: Integer)
  print (M.fromList [(Vec 1 (-1), "a"), (Vec (-1) 1, "b")])
  print (minimum [Vec 3 1, Vec (-3) 2, Vec (-3) (-4)], compare (Vec 0 1) (Vec 0 (-1)))
  print (showsPrec 11 (-5 :: Int) "", show (Just (Left (3, -4) :: Either (Int, Int) Bool)))
  print (reads "(-12) rest" :: [(Int, String)], read "[-1.5,2.0e-2]" :: [Double])
  let accts = [Account ("u" ++ show i) (fromIntegral (i * i - 50)) [Right (i - 5)] | i <- [1 .. 12 :: Int]]
  mapM_ print (filter ((< 0) . balance) accts)
