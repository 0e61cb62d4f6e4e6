-- Checksums with Word8 and Word16 wrap-around: an 8-bit sum and its two's complement, a
-- Fletcher-16, an XOR parity byte, and the bytes of a message as Word8 values.
import Data.Bits
import Data.Char (ord)
import Data.Word

bytes :: String -> [Word8]
bytes = map (fromIntegral . ord)

sum8 :: [Word8] -> Word8
sum8 = foldr (+) 0

checkByte :: [Word8] -> Word8
checkByte bs = complement (sum8 bs) + 1

fletcher16 :: [Word8] -> Word16
fletcher16 = go 0 0
  where
    go :: Word16 -> Word16 -> [Word8] -> Word16
    go a b [] = (b `shiftL` 8) .|. a
    go a b (x:xs) = let a' = (a + fromIntegral x) `mod` 255
                        b' = (b + a') `mod` 255
                    in go a' b' xs

parity :: [Word8] -> Word8
parity = foldr xor 0

verify :: [Word8] -> Bool
verify bs = sum8 (bs ++ [checkByte bs]) == 0

main :: IO ()
main = do
  let msgs = ["hello", "Hello, World!", "abcdefghijklmnopqrstuvwxyz", "\255\254\253", ""]
  mapM_ (\m -> do
           let bs = bytes m
           print (sum8 bs, checkByte bs, fletcher16 bs, parity bs, verify bs)) msgs
  print (250 + 10 :: Word8, 3 - 5 :: Word8, 16 * 17 :: Word8, negate 1 :: Word8)
  print (map (`shiftL` 3) (bytes "az"), map popCount (bytes "Hi!"), testBit (5 :: Word8) 2)
  print (sum (bytes "checksum"), product (map (+ 1) (bytes "ab")), maximum (bytes "xyz"))
