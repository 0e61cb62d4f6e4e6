-- String hashes over fixed-width words: djb2 and FNV-1a at Word32 and Word64, a
-- murmur-style mixer with shifts, xor and a rotation, and a tiny hash table's buckets.
import Data.Bits
import Data.Char (ord)
import Data.List (foldl')
import Data.Word

djb2 :: String -> Word32
djb2 = foldl' step 5381
  where step h c = (h `shiftL` 5) + h + fromIntegral (ord c)

fnv1a32 :: String -> Word32
fnv1a32 = foldl' step 2166136261
  where step h c = (h `xor` fromIntegral (ord c)) * 16777619

fnv1a64 :: String -> Word64
fnv1a64 = foldl' step 14695981039346656037
  where step h c = (h `xor` fromIntegral (ord c)) * 1099511628211

mix64 :: Word64 -> Word64
mix64 x0 = x3 `xor` (x3 `shiftR` 33)
  where x1 = (x0 `xor` (x0 `shiftR` 33)) * 0xff51afd7ed558ccd
        x2 = (x1 `xor` (x1 `shiftR` 33)) * 0xc4ceb9fe1a85ec53
        x3 = x2 `xor` (x2 `shiftR` 29)

rotl32 :: Word32 -> Int -> Word32
rotl32 x r = (x `shiftL` r) .|. (x `shiftR` (32 - r))

bucket :: Int -> String -> Int
bucket n s = fromIntegral (djb2 s `mod` fromIntegral n)

main :: IO ()
main = do
  let ws = words "the quick brown fox jumps over the lazy dog and keeps running far away"
  mapM_ (\w -> putStrLn (w ++ " " ++ show (djb2 w) ++ " " ++ show (fnv1a32 w)
                         ++ " " ++ show (fnv1a64 w))) ws
  print (map (mix64 . fnv1a64) (take 4 ws))
  print (map (\w -> rotl32 (djb2 w) 13) (take 5 ws))
  print (map (bucket 7) ws)
  print (foldl' (\acc w -> acc `xor` fnv1a64 w) 0 ws)
