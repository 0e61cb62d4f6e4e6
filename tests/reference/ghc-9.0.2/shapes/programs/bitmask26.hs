-- Data.Bits: subsets as masks, Gray codes, bit reversal, a tiny bitset sieve
module Main where

import Data.Bits
import Data.List (foldl')

subsetsOf :: [a] -> [[a]]
subsetsOf xs = [pick m | m <- [0 .. (1 `shiftL` n) - 1 :: Int]]
  where
    n = length xs
    pick m = [x | (i, x) <- zip [0 ..] xs, testBit m i]

subsetSums :: [Int] -> Int -> Int
subsetSums xs target = length (filter ((== target) . sum) (subsetsOf xs))

gray :: Int -> Int
gray n = n `xor` (n `shiftR` 1)

fromGray :: Int -> Int
fromGray g = go g (g `shiftR` 1)
  where go acc 0 = acc
        go acc s = go (acc `xor` s) (s `shiftR` 1)

reverseBits :: Int -> Int -> Int
reverseBits width x = foldl' step 0 [0 .. width - 1]
  where step acc i = if testBit x i then setBit acc (width - 1 - i) else acc

showBin :: Int -> Int -> String
showBin width x = [if testBit x i then '1' else '0' | i <- [width - 1, width - 2 .. 0]]

sieveMask :: Int -> Integer
sieveMask n = foldl' strike start [2 .. n]
  where
    start = foldl' setBit 0 [2 .. n]
    strike m p
      | testBit m p = foldl' clearBit m [p * p, p * p + p .. n]
      | otherwise = m

bitsSet :: Integer -> Int -> [Int]
bitsSet m n = [i | i <- [0 .. n], testBit m i]

hamming :: Int -> Int -> Int
hamming a b = popCount (a `xor` b)

main :: IO ()
main = do
  print (length (subsetsOf "abcdefgh"))
  print (take 6 (subsetsOf "abc"))
  print (subsetSums [3, 34, 4, 12, 5, 2, 7, 8, 11, 9, 15, 1] 30)
  mapM_ (\i -> putStrLn (showBin 4 i ++ " " ++ showBin 4 (gray i))) [0 .. 15]
  print (all (\i -> fromGray (gray i) == i) [0 .. 1000])
  print (map (reverseBits 8) [1, 2, 3, 128, 255, 170])
  print (bitsSet (sieveMask 200) 200)
  print (popCount (sieveMask 2000))
  print (sum [hamming a b | a <- [0 .. 63], b <- [0 .. 63]])
  print ((.&.) 0xF0F0 0x0FF0 :: Int, (.|.) 12 3 :: Int, complement 0 :: Int, shiftR (-16) 2 :: Int)
  print (map countLeadingZeros [1 :: Int, 255, 1024], map countTrailingZeros [8 :: Int, 96])
