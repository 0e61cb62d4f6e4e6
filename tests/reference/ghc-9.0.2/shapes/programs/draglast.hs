-- A list of records produced by a simulation, summarised by a fold, and its last element
-- asked for only at the end: the whole list is dragged through the middle of the run.
data Sample = Sample { time :: Int, value :: Int, label :: String }

simulate :: Int -> [Sample]
simulate n = go 0 17
  where
    go t v
      | t >= n = []
      | otherwise = Sample t v ("s" ++ show (v `mod` 97)) : go (t + 1) ((v * 75 + 74) `mod` 65537)

summary :: [Sample] -> (Int, Int)
summary = foldr (\s (lo, hi) -> (min lo (value s), max hi (value s))) (maxBound, minBound)

average :: [Sample] -> Int
average ss = sum (map value ss) `div` length ss

spin :: Int -> Int -> Int
spin acc 0 = acc
spin acc k = let a = (acc + k * k) `mod` 7919 in a `seq` spin a (k - 1)

main :: IO ()
main = do
  let ss = simulate 6000
  print (average ss)
  print (spin 0 30000)
  let (lo, hi) = summary ss
  print lo
  print hi
  print (spin 1 30000)
  let final = last ss
  putStrLn (label final ++ " at " ++ show (time final))
