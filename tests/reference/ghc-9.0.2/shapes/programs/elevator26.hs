-- Simulation with iterate / takeWhile / zipWith3 / scanl: an elevator and a pendulum
module Main where

import Data.List (sort, nub)

data Dir = Up | Down | Idle deriving (Show, Eq)

data Lift = Lift { floorAt :: Int, dir :: Dir, stops :: [Int], served :: Int, tick :: Int }
  deriving Show

stepLift :: Lift -> Lift
stepLift l@(Lift f d ss sv t)
  | null ss = l { dir = Idle, tick = t + 1 }
  | f `elem` ss = l { stops = filter (/= f) ss, served = sv + 1, tick = t + 1 }
  | otherwise = l { floorAt = f', dir = d', tick = t + 1 }
  where
    target = nearest f ss
    d' = if target > f then Up else Down
    f' = if d' == Up then f + 1 else f - 1

nearest :: Int -> [Int] -> Int
nearest f = snd . minimum . map (\s -> (abs (s - f), s))

callAt :: Int -> [Int]
callAt t = [ (t * 7 + 3) `mod` 12 | t `mod` 3 == 0 ]

runLift :: Int -> Lift -> [Lift]
runLift n l0 = take n (iterate step l0)
  where step l = let l' = stepLift l in l' { stops = nub (stops l' ++ callAt (tick l')) }

pendulum :: Double -> Double -> [(Double, Double)]
pendulum th0 dt = iterate step (th0, 0)
  where step (th, om) = let om' = om - 9.81 * sin th * dt in (th + om' * dt, om')

movingAvg :: Int -> [Double] -> [Double]
movingAvg k xs = zipWith (\s e -> (e - s) / fromIntegral k) sums (drop k sums)
  where sums = scanl (+) 0 xs

r3 :: Double -> Double
r3 x = fromIntegral (round (x * 1000) :: Int) / 1000

main :: IO ()
main = do
  let trace = runLift 60 (Lift 0 Idle [5, 2, 9] 0 0)
  mapM_ (\l -> putStrLn (show (tick l) ++ ": floor " ++ show (floorAt l) ++ " " ++ show (dir l)
                         ++ " " ++ show (sort (stops l)))) (filter ((== 0) . (`mod` 6) . tick) trace)
  print (served (last trace))
  let swings = takeWhile ((< 2000) . fst) (zip [0 :: Int ..] (pendulum 0.8 0.01))
      crossings = length [() | ((_, (a, _)), (_, (b, _))) <- zip swings (tail swings), a * b < 0]
  print crossings
  print (r3 (maximum (map (fst . snd) swings)), r3 (minimum (map (fst . snd) swings)))
  let xs = map (\i -> sin (fromIntegral i / 5)) [0 .. 99 :: Int]
  print (map r3 (take 8 (movingAvg 5 xs)))
  let a = [1 .. 10] :: [Int]
      b = map (* 3) a
      c = scanl1 (+) a
  print (zipWith3 (\x y z -> x * y - z) a b c)
  print (takeWhile (< 500) (scanl (\acc x -> acc + x * x) 0 [1 ..]) :: [Int])
  print (length (takeWhile (/= 1) (iterate (\n -> if even n then n `div` 2 else 3 * n + 1) (97 :: Int))))
