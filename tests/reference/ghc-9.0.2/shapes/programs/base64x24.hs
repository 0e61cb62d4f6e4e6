-- ord/chr with Data.Bits: base64 by hand, Vigenere, ROT13, hex dump
import Data.Bits (shiftL, shiftR, (.&.), (.|.))
import Data.Char (chr, ord, isUpper, isLower, isAlpha, toUpper)
import Data.List (elemIndex)

alphabet :: String
alphabet = ['A' .. 'Z'] ++ ['a' .. 'z'] ++ ['0' .. '9'] ++ "+/"

encode :: String -> String
encode [] = []
encode [a] = take 2 (quad (ord a) 0 0) ++ "=="
encode [a, b] = take 3 (quad (ord a) (ord b) 0) ++ "="
encode (a : b : c : rest) = quad (ord a) (ord b) (ord c) ++ encode rest

quad :: Int -> Int -> Int -> String
quad x y z = [alphabet !! ((n `shiftR` s) .&. 63) | s <- [18, 12, 6, 0]]
  where n = (x `shiftL` 16) .|. (y `shiftL` 8) .|. z

decode :: String -> String
decode s = go (map val (filter (/= '=') s))
  where
    val c = maybe 0 id (elemIndex c alphabet)
    go (a : b : c : d : r) = bytes 3 a b c d ++ go r
    go [a, b, c] = bytes 2 a b c 0
    go [a, b] = bytes 1 a b 0 0
    go _ = []
    bytes k a b c d = let n = (a `shiftL` 18) .|. (b `shiftL` 12) .|. (c `shiftL` 6) .|. d
                      in take k [chr ((n `shiftR` 16) .&. 255), chr ((n `shiftR` 8) .&. 255), chr (n .&. 255)]

vigenere :: Bool -> String -> String -> String
vigenere enc key = zipWith shift (cycle key) . filter isAlpha . map toUpper
  where shift k c = chr (ord 'A' + (ord c - ord 'A' + sign * (ord k - ord 'A')) `mod` 26)
        sign = if enc then 1 else -1

rot13 :: Char -> Char
rot13 c
  | isUpper c = rot 'A'
  | isLower c = rot 'a'
  | otherwise = c
  where rot base = chr (ord base + (ord c - ord base + 13) `mod` 26)

hex :: Int -> String
hex n = [digits !! (n `shiftR` 4), digits !! (n .&. 15)]
  where digits = "0123456789abcdef"

checksum :: String -> Int
checksum = foldl (\acc c -> (acc * 31 + ord c) `mod` 1000003) 7

main :: IO ()
main = do
  let msgs = ["", "f", "fo", "foo", "foobar", "Haskell is fun!", "Many hands make light work."]
  mapM_ (\m -> putStrLn (show m ++ " -> " ++ encode m)) msgs
  print (all (\m -> decode (encode m) == m) msgs)
  let text = concat (replicate 40 "The quick brown fox jumps over the lazy dog. ")
      e = encode text
  print (length e, checksum e, decode e == text)
  let v = vigenere True "LEMON" "attack at dawn"
  print (v, vigenere False "LEMON" v)
  print (checksum (vigenere True "HASKELL" text))
  putStrLn (map rot13 "Hello, World! Why did the chicken cross the road?")
  print (map rot13 (map rot13 text) == text)
  putStrLn (unwords (map (hex . ord) "profiling"))
