-- Data.Bits: gray codes, popCount, subsets by bitmask, xorshift, bit reversal
import Data.Bits

gray :: Int -> Int
gray n = n `xor` (n `shiftR` 1)

fromGray :: Int -> Int
fromGray g = go g (g `shiftR` 1)
  where go acc 0 = acc
        go acc s = go (acc `xor` s) (s `shiftR` 1)

bitsOf :: Int -> Int -> String
bitsOf w x = [if testBit x i then '1' else '0' | i <- [w - 1, w - 2 .. 0]]

reverseBits :: Int -> Int -> Int
reverseBits w x = foldl (\acc i -> if testBit x i then setBit acc (w - 1 - i) else acc) 0 [0 .. w - 1]

subsetSums :: [Int] -> Int -> [[Int]]
subsetSums xs target =
  [ sel | mask <- [0 .. (1 `shiftL` n) - 1 :: Int]
        , let sel = [x | (i, x) <- zip [0 ..] xs, testBit mask i]
        , sum sel == target ]
  where n = length xs

xorshift :: Int -> Int
xorshift x0 = x3 .&. 0x7fffffff
  where x1 = x0 `xor` (x0 `shiftL` 13)
        x2 = x1 `xor` (x1 `shiftR` 7)
        x3 = x2 `xor` (x2 `shiftL` 17)

lowestSet :: Int -> Int
lowestSet x = x .&. negate x

main :: IO ()
main = do
  mapM_ (\i -> putStrLn (bitsOf 4 i ++ " " ++ bitsOf 4 (gray i))) [0 .. 7]
  print (all (\i -> fromGray (gray i) == i) [0 .. 5000])
  print (sum (map popCount [0 .. 4095 :: Int]), popCount (complement 0 :: Int))
  print (map (reverseBits 8) [1, 2, 3, 128, 170])
  print (length (subsetSums [3, 34, 4, 12, 5, 2, 7, 9, 11, 13, 1, 6] 30))
  print (take 3 (subsetSums [3, 34, 4, 12, 5, 2] 9))
  let rs = take 2000 (iterate xorshift 2463534242)
  print (take 5 rs, sum (map (`mod` 1000) rs))
  print (map lowestSet [12, 40, 7, 96], map countLeadingZeros [1, 255 :: Int], map countTrailingZeros [8, 1024 :: Int])
  print ((0xF0 .|. 0x0F) :: Int, 0xFF .&. 0x3C :: Int, shiftL 1 62 :: Int, clearBit (15 :: Int) 2, complement (5 :: Int))
  print (foldr xor 0 [1 .. 1000 :: Int], (shiftL 1 70 :: Integer), popCount (2 ^ 100 - 1 :: Integer))
