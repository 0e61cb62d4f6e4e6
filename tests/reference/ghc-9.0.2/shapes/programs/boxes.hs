-- Integer powers and Double samples retained while a loop reads them.
powers :: Int -> [Integer]
powers n = take n (iterate (\x -> x * 3 + 1) 1)

samples :: Int -> [Double]
samples n = [sin (fromIntegral i / 10) * 100 | i <- [1 .. n]]

spin :: [Integer] -> [Double] -> Int -> Int
spin is ds k = go 0 0
  where
    go acc j
      | j >= k = acc
      | otherwise =
          let d = ds !! (j `mod` 500)
              i = is !! (j `mod` 300)
              acc' = acc + truncate d + fromIntegral (i `mod` 7)
          in acc' `seq` go acc' (j + 1)

main :: IO ()
main = do
  let is = powers 300
      ds = samples 1500
  print (length (show (last is)))
  print (sum ds)
  print (spin is ds 4000)
  print (maximum ds, is !! 100 `mod` 1000)
