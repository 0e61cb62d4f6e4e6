-- Int64 and Int32 arithmetic that overflows: a linear congruential generator, a
-- polynomial rolling hash, a wrapping factorial, and folds over [Int64].
import Data.Int
import Data.List (foldl')

lcg :: Int64 -> Int64
lcg x = x * 6364136223846793005 + 1442695040888963407

randoms :: Int -> Int64 -> [Int64]
randoms n seed = take n (tail (iterate lcg seed))

polyHash :: [Int] -> Int32
polyHash = foldl' (\h x -> h * 31 + fromIntegral x) 7

factorial :: Int64 -> Int64
factorial n = product [1 .. n]

meanish :: [Int64] -> Int64
meanish xs = sum xs `div` fromIntegral (length xs)

main :: IO ()
main = do
  let rs = randoms 8 42
  mapM_ print rs
  print (map (`mod` 100) rs, map (`rem` 100) rs)
  print (meanish rs, maximum rs, minimum rs)
  print (map factorial [5, 20, 21, 25])
  print (polyHash [1 .. 50], polyHash (map (* 1000) [1 .. 30]))
  print (foldl' (+) 0 [1 .. 100000 :: Int64], foldl' (*) 1 [1 .. 30 :: Int32])
  print (maxBound + 1 :: Int64, minBound - 1 :: Int32, abs (minBound :: Int64))
  print (divMod (-7) 2 :: (Int64, Int64), quotRem (-7) 2 :: (Int32, Int32))
