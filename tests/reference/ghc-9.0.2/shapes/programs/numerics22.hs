-- divMod/quotRem on negatives, big Integer arithmetic, Enum ranges on Char and Double
main :: IO ()
main = do
  let pairs = [(a, b) | a <- [7, -7], b <- [2, -2 :: Int]]
  print [(a `divMod` b, a `quotRem` b) | (a, b) <- pairs]
  print [(a `div` b, a `mod` b, a `quot` b, a `rem` b) | (a, b) <- [(-13, 4), (13, -4), (-13, -4 :: Integer)]]
  print (['a' .. 'j'], ['a', 'c' .. 'z'], ['z', 'x' .. 'p'])
  print ([1.0, 1.5 .. 4.0 :: Double], [0.1, 0.2 .. 0.5 :: Double])
  print ([10, 7 .. -5 :: Int], [5, 4 .. 1 :: Integer], take 4 [3 :: Integer, 8 ..])
  print ([1.0 .. 3.5 :: Double], [LT ..], succ 'y', pred 10.5 :: Double)
  let big = 2 ^ 128 - 1 :: Integer
  print (big, big `div` 3, big `mod` 1000000007, negate big `divMod` 12345678901)
  print (big * big, (big * big) `quotRem` (big + 2))
  print (fromIntegral (maxBound :: Int) + 1 :: Integer, fromIntegral (2 ^ 64 + 5 :: Integer) :: Int)
  print (product [1 .. 25 :: Integer] `div` product [1 .. 20], show (2 ^ 200 :: Integer))
  print (map (\x -> (truncate x :: Int, round x :: Int, ceiling x :: Int, floor x :: Int))
             [2.5, 3.5, -2.5, -0.4, 7.9 :: Double])
  print (toInteger (minBound :: Int) - 1, abs (minBound + 1 :: Int), signum (-5 :: Integer))
  print (sum [x * x | x <- [-100 .. 100 :: Integer]], sum (map fromIntegral [1 .. 1000 :: Int]) / 7 :: Double)
  print (length [c | c <- ['\0' .. '\127'], c > 'Z'], fromEnum 'A', toEnum 97 :: Char)
  print (showsPrec 11 (-5 :: Int) "", show (Just (-3 :: Integer)), [Left (-1), Right 2.5 :: Either Int Double])
  print (foldr (\d acc -> acc * 10 + d) 0 [1 .. 30 :: Integer])
