-- Lazy accumulations: foldl's chain of (+) thunks for a sum, then a lazy pair
-- accumulator (sum, count) for a mean whose two fields grow chains, then foldl'.
import Data.List (foldl')

samples :: Int -> [Int]
samples n = [(i * 37) `mod` 101 | i <- [1 .. n]]

mean :: [Int] -> (Int, Int)
mean = foldl' (\(s, c) x -> (s + x, c + 1)) (0, 0)

main :: IO ()
main = do
  print (foldl (+) 0 (samples 20000))
  let (s, c) = mean (samples 15000)
  print (s `div` c, c)
  print (foldl' (+) 0 (samples 40000))
