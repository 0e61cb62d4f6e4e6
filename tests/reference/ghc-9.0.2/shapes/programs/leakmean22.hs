-- The mean of a list computed by two traversals: `sum xs` and `length xs` keep the whole
-- list alive between them (a leak), then a lazy foldl builds a chain of thunks.
mean :: [Double] -> Double
mean xs = sum xs / fromIntegral (length xs)

samples :: Int -> [Double]
samples n = [fromIntegral ((i * 7919) `mod` 1000) / 10 | i <- [1 .. n]]

lazyTotal :: [Int] -> Int
lazyTotal = foldl (+) 0

main :: IO ()
main = do
  print (mean (samples 15000))
  print (lazyTotal [1 .. 20000])
