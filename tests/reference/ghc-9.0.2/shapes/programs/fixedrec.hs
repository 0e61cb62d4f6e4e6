-- An ordinary program over fixed-width types: a xorshift generator (Word32), a Map keyed by
-- a newtype of Word32, a register record with a strict Int16 field and Word8 flags, means at
-- Word8 (a signature) and Int8 (a generic function used once), conversions, a literal case.
import qualified Data.Map as M
import Data.Word
import Data.Int
import Data.Bits
import Data.List (foldl', sort)

newtype Key = Key Word32 deriving (Show, Eq, Ord)

data Reg = Reg { acc :: !Int16, flags :: Word8 } deriving Show

step :: Reg -> Int16 -> Reg
step (Reg a f) x =
  let a' = a + x
      carry = if (a > 0 && x > 0 && a' < 0) then 1 else 0
  in Reg a' (f .|. carry)

xorshift :: Word32 -> Word32
xorshift x0 = x3
  where x1 = x0 `xor` (x0 `shiftL` 13)
        x2 = x1 `xor` (x1 `shiftR` 17)
        x3 = x2 `xor` (x2 `shiftL` 5)

mean xs = sum xs `div` fromIntegral (length xs)
meanW :: [Word8] -> Word8
meanW xs = sum xs `div` fromIntegral (length xs)

main :: IO ()
main = do
  let rs = take 10 (iterate xorshift 2463534242)
      m = M.fromListWith (+) [(Key (r `mod` 5), 1 :: Int) | r <- rs]
  print rs
  print (M.toList m)
  print (foldl' step (Reg 30000 0) [1000, 2000, -500])
  print (meanW [10, 20, 255 :: Word8], mean [-100, 50 :: Int8])
  print (sort (map (fromIntegral :: Word32 -> Int8) rs))
  print (map (\w -> w `shiftR` 24) rs, [x | x <- [0 .. 20 :: Word16], x .&. 3 == 0])
  print (case fromIntegral (length rs) :: Word8 of { 10 -> "ten"; _ -> "other" })
  print (minimum rs, maximum rs, fromIntegral (maximum rs) * (2 :: Int64))
