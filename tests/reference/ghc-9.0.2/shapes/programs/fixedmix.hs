-- The fixed-width types together: bounds, fromIntegral between them and Int, Integer and
-- Double, show of negatives, read, toEnum/fromEnum, enumerations, Data.Bits.
import Data.Bits
import Data.Int
import Data.Word

data Pixel = Pixel Word8 Word8 Word8 deriving Show

brighten :: Word8 -> Pixel -> Pixel
brighten d (Pixel r g b) = Pixel (sat r) (sat g) (sat b)
  where sat c = if c > maxBound - d then maxBound else c + d

pack :: Pixel -> Word32
pack (Pixel r g b) = fromIntegral r `shiftL` 16 .|. fromIntegral g `shiftL` 8 .|. fromIntegral b

main :: IO ()
main = do
  print (minBound :: Word8, maxBound :: Word8, minBound :: Int8, maxBound :: Int8)
  print (maxBound :: Word16, minBound :: Int16, maxBound :: Word32, minBound :: Int32)
  print (maxBound :: Word64, maxBound :: Word, minBound :: Int64)
  print (fromIntegral (300 :: Int) :: Int8, fromIntegral (-1 :: Int) :: Word16,
         fromIntegral (200 :: Word8) :: Int8, fromIntegral (-56 :: Int8) :: Word8)
  print (fromIntegral (maxBound :: Word32) :: Int, toInteger (maxBound :: Word64) + 1,
         fromIntegral (2 ^ 40 + 5 :: Integer) :: Int32, fromIntegral (77 :: Word8) :: Double)
  print ([-3, -2 .. 3] :: [Int8], negate (-128 :: Int8), abs (-100 :: Int8))
  print (read "200" :: Word8, read "-5" :: Int16, read "4000000000" :: Word32)
  print (fromEnum (65 :: Word8), toEnum 66 :: Word16, succ (9 :: Int32), pred (1 :: Word))
  print ([250 ..] :: [Word8], [125 .. 127] :: [Int8], [1, 4 .. 20] :: [Word16])
  print (length [minBound .. maxBound :: Int8], sum [1 .. 1000 :: Word16])
  let px = Pixel 10 200 250
  print (brighten 60 px, pack px, pack (brighten 60 px))
  print (complement (0 :: Word16), complement (0 :: Int16), shiftR (-64 :: Int32) 3,
         shiftR (0x80000000 :: Word32) 31, popCount (-1 :: Int8), popCount (maxBound :: Word64))
  print ((7 :: Int64) `div` 2, (-7 :: Int8) `div` 2, (-7 :: Int8) `mod` 2, divMod (200 :: Word8) 7)
  print (xor (0xF0 :: Word8) 0xFF, (0xFF00 :: Word16) .&. 0x0FF0, testBit (-1 :: Int32) 31,
         setBit (0 :: Int8) 7, shiftL (1 :: Word64) 63, fromIntegral (shiftL (1 :: Word64) 63) :: Int)
