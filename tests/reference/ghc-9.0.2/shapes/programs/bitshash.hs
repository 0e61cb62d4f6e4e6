-- Checksums, a hash and base64 with Data.Bits, Data.Char and Data.Word.
import Data.Bits
import Data.Char (ord, chr, isUpper, toLower)
import Data.Word (Word8, Word16, Word32)
import Data.List (foldl')

fnv1a :: String -> Word32
fnv1a = foldl' (\h c -> (h `xor` fromIntegral (ord c)) * 16777619) 2166136261

adler32 :: String -> Word32
adler32 s = (b `shiftL` 16) .|. a
  where (a, b) = foldl' step (1, 0) s
        step (x, y) c = let x' = (x + fromIntegral (ord c)) `mod` 65521
                        in (x', (y + x') `mod` 65521)

parity :: Word16 -> Bool
parity w = odd (popCount w)

alphabet :: String
alphabet = ['A' .. 'Z'] ++ ['a' .. 'z'] ++ ['0' .. '9'] ++ "+/"

base64 :: [Word8] -> String
base64 (a:b:c:rest) = enc3 a b c ++ base64 rest
base64 [a, b] = take 3 (enc3 a b 0) ++ "="
base64 [a] = take 2 (enc3 a 0 0) ++ "=="
base64 [] = ""

enc3 :: Word8 -> Word8 -> Word8 -> String
enc3 a b c = map (\k -> alphabet !! fromIntegral ((n `shiftR` k) .&. 63)) [18, 12, 6, 0]
  where n = (fromIntegral a `shiftL` 16) .|. (fromIntegral b `shiftL` 8) .|. fromIntegral c :: Word32

toBytes :: String -> [Word8]
toBytes = map (fromIntegral . ord)

rot :: Int -> Word32 -> Word32
rot k x = x `rotateL` k

bitsOf :: Word8 -> String
bitsOf w = [ if testBit w i then '1' else '0' | i <- [7, 6 .. 0] ]

swapCase :: Char -> Char
swapCase c = if isUpper c then toLower c else chr (ord c .&. complement 32)

main :: IO ()
main = do
  print (map fnv1a ["", "a", "hello", "Haskell"])
  print (adler32 "Wikipedia")
  putStrLn (base64 (toBytes "Man"))
  putStrLn (base64 (toBytes "hello, world"))
  putStrLn (base64 (toBytes "any carnal pleas"))
  print (map parity [0, 1, 3, 7, 255, 1023])
  print (rot 8 0x12345678, rot 28 1, (0xF0F0 :: Word16) `shiftR` 4)
  putStrLn (unwords (map bitsOf [5, 128, 255, 170]))
  putStrLn (map swapCase "Hello World")
  print ((200 :: Word8) + 100, (3 :: Word8) - 5, complement (0 :: Word16))
  let text = concatMap show [1 .. 1500 :: Int]
  print (fnv1a text, adler32 text)
  print (length (base64 (toBytes text)))
  print (foldl' (\acc w -> acc + popCount w) 0 (map fromIntegral [1 .. 5000 :: Int] :: [Word16]))
