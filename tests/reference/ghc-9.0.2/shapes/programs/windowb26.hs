-- A long-lived list read through a sliding window: the averages of each window of 50
-- readings over the list, which is kept whole because its length is taken at the end.
import Data.List (tails)

readings :: Int -> [Int]
readings n = [(i * 131) `mod` 257 | i <- [1 .. n]]

windows :: Int -> [Int] -> [[Int]]
windows k xs = [take k t | t <- tails xs, length (take k t) == k]

main :: IO ()
main = do
  let xs = readings 5000
      avgs = map (\w -> sum w `div` length w) (windows 50 xs)
  print (maximum avgs, minimum avgs)
  print (length xs)
