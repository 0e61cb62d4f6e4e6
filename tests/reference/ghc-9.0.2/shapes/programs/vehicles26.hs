-- A class hierarchy with superclass defaults over records
module Main where

import Data.List (sortBy, foldl')
import Data.Ord (comparing)

class Named a where
  name :: a -> String
  describe :: a -> String
  describe x = "<" ++ name x ++ ">"

class Named a => Vehicle a where
  wheels :: a -> Int
  weight :: a -> Double
  load :: a -> Double
  load _ = 0
  grossWeight :: a -> Double
  grossWeight v = weight v + load v
  summary :: a -> String
  summary v = describe v ++ " wheels=" ++ show (wheels v) ++ " gross=" ++ show (grossWeight v)

class Vehicle a => Motorised a where
  power :: a -> Double
  ratio :: a -> Double
  ratio v = power v / grossWeight v

data Bike = Bike { bikeOwner :: String, bikeGears :: Int } deriving (Show, Eq)
data Car = Car { carMake :: String, carSeats :: Int, carKw :: Double, carPassengers :: Int }
  deriving (Show, Eq)
data Truck = Truck { truckAxles :: Int, truckCargo :: Double, truckKw :: Double }
  deriving Show

instance Named Bike where
  name b = bikeOwner b ++ "'s bike"
instance Vehicle Bike where
  wheels _ = 2
  weight b = 9.5 + fromIntegral (bikeGears b) * 0.1

instance Named Car where
  name = carMake
  describe c = "Car " ++ carMake c ++ " (" ++ show (carSeats c) ++ " seats)"
instance Vehicle Car where
  wheels _ = 4
  weight c = 1100 + 25 * fromIntegral (carSeats c)
  load c = 75 * fromIntegral (carPassengers c)
instance Motorised Car where
  power = carKw

instance Named Truck where
  name t = "truck/" ++ show (truckAxles t)
instance Vehicle Truck where
  wheels t = 2 * truckAxles t + 2
  weight t = 4000 + 900 * fromIntegral (truckAxles t)
  load = truckCargo
instance Motorised Truck where
  power = truckKw
  ratio t = truckKw t / (grossWeight t / 1000)

fleetReport :: Vehicle a => [a] -> [String]
fleetReport vs = map summary (sortBy (comparing grossWeight) vs)

totalWheels :: Vehicle a => [a] -> Int
totalWheels = foldl' (\acc v -> acc + wheels v) 0

bestRatio :: Motorised a => [a] -> (String, Double)
bestRatio vs = foldr pick ("none", 0) vs
  where pick v (n, r) | ratio v > r = (name v, ratio v)
                      | otherwise = (n, r)

round2 :: Double -> Double
round2 x = fromIntegral (round (x * 100) :: Int) / 100

main :: IO ()
main = do
  let bikes = [Bike o g | (o, g) <- zip ["ann", "bo", "cy", "di"] [3, 21, 7, 1]]
      cars = [Car m s k p | (m, s, k, p) <- zip4' ["Fiat", "Volvo", "Mini", "Saab", "Opel"]
                                                   [4, 7, 4, 5, 5] [51, 140, 85, 110, 66]
                                                   (cycle [1, 2, 4])]
      trucks = [Truck a (fromIntegral (a * 3500)) (fromIntegral (150 + 60 * a)) | a <- [2 .. 6]]
  mapM_ putStrLn (fleetReport bikes)
  mapM_ putStrLn (fleetReport cars)
  mapM_ putStrLn (fleetReport trucks)
  print (totalWheels bikes, totalWheels cars, totalWheels trucks)
  let (bn, br) = bestRatio cars
      (tn, tr) = bestRatio trucks
  putStrLn (bn ++ " " ++ show (round2 br))
  putStrLn (tn ++ " " ++ show (round2 tr))
  print (map (round2 . ratio) cars)
  print (head cars, last bikes)
  print [describe t | t <- trucks, wheels t > 8]
  where zip4' (a:as) (b:bs) (c:cs) (d:ds) = (a, b, c, d) : zip4' as bs cs ds
        zip4' _ _ _ _ = []
