import Data.Bits

gray :: Int -> Int
gray n = n `xor` (n `shiftR` 1)

main :: IO ()
main = do
  print (map gray [0 .. 8])
  print (popCount (255 :: Int), 12 .&. (10 :: Int), 12 .|. (3 :: Int), complement (5 :: Int))
  print (shiftL 1 10 :: Int, testBit (5 :: Int) 2, testBit (5 :: Int) 1, setBit (0 :: Int) 4, clearBit (15 :: Int) 0)
  print (foldr xor 0 [1 .. 100 :: Int], bit 3 :: Int, popCount (-1 :: Int))
