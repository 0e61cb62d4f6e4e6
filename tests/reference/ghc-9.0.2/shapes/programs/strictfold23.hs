-- strict folds by hand: seq, $!, foldl' with tuple accumulators, a strict mean and a loop
import Data.List (foldl')

sumTo :: Int -> Int
sumTo n = go 0 1
  where go acc i
          | i > n = acc
          | otherwise = let acc' = acc + i in acc' `seq` go acc' (i + 1)

meanStrict :: [Double] -> Double
meanStrict xs = s / fromIntegral c
  where (s, c) = foldl' step (0, 0 :: Int) xs
        step (a, n) x = let a' = a + x; n' = n + 1 in a' `seq` n' `seq` (a', n')

count :: (a -> Bool) -> [a] -> Int
count p = foldl' (\n x -> if p x then n + 1 else n) 0

minMax :: [Int] -> (Int, Int)
minMax (x : xs) = foldl' (\(lo, hi) y -> let lo' = min lo y; hi' = max hi y in lo' `seq` hi' `seq` (lo', hi')) (x, x) xs
minMax [] = error "empty"

applyN :: Int -> (a -> a) -> a -> a
applyN 0 _ x = x
applyN n f x = applyN (n - 1) f $! f x

horner :: [Int] -> Int -> Int
horner cs x = foldl' (\acc c -> acc * x + c) 0 cs

data Stats = Stats { cnt :: !Int, total :: !Int, sq :: !Int } deriving Show

addStat :: Stats -> Int -> Stats
addStat (Stats c t s) x = Stats (c + 1) (t + x) (s + x * x)

lazySum :: [Int] -> Int
lazySum = foldl (+) 0

main :: IO ()
main = do
  print (sumTo 5000)
  print (meanStrict [fromIntegral i / 7 | i <- [1 .. 3000 :: Int]])
  print (count even [1 .. 4000 :: Int], count (> 'm') "the quick brown fox")
  print (minMax [(i * 7919) `mod` 1009 - 500 | i <- [1 .. 2000]])
  print (applyN 1000 (\x -> (x * 3 + 1) `mod` 1000003) (7 :: Int))
  print (horner [3, 0, -2, 5] 4, horner (replicate 50 1) 2 `mod` 1000)
  print (foldl' addStat (Stats 0 0 0) [1 .. 1000])
  print (lazySum [1 .. 3000], sum [1 .. 3000 :: Int])
  let xs = map (* 2) [1 .. 10 :: Int]
  print $! length xs
  let r = foldr (\x acc -> x `seq` acc + x) 0 [1 .. 2000 :: Int]
  r `seq` print r
  print (foldl' (flip (:)) [] "reverse me", foldl' max 0 [3, 9, 2 :: Int])
