-- LZW compression and decompression with a Data.Map dictionary, run-length and bit packing
import qualified Data.Map as Map
import Data.Char (ord, chr)
import Data.List (foldl', group)

compress :: String -> [Int]
compress [] = []
compress (c0 : cs) = go initial 256 [c0] cs []
  where
    initial = Map.fromList [([chr i], i) | i <- [0 .. 255]]
    go dict _ w [] out = reverse (dict Map.! w : out)
    go dict next w (c : rest) out
      | Map.member wc dict = go dict next wc rest out
      | otherwise = go (Map.insert wc next dict) (next + 1) [c] rest (dict Map.! w : out)
      where wc = w ++ [c]

decompress :: [Int] -> String
decompress [] = []
decompress (k0 : ks) = concat (first : go initial 256 first ks)
  where
    initial = Map.fromList [(i, [chr i]) | i <- [0 .. 255]]
    first = initial Map.! k0
    go _ _ _ [] = []
    go dict next w (k : rest) =
      let entry = case Map.lookup k dict of
            Just e -> e
            Nothing -> w ++ [head w]
          dict' = Map.insert next (w ++ [head entry]) dict
      in entry : go dict' (next + 1) entry rest

rle :: String -> [(Char, Int)]
rle = map (\g -> (head g, length g)) . group

unrle :: [(Char, Int)] -> String
unrle = concatMap (\(c, n) -> replicate n c)

bitsNeeded :: Int -> Int
bitsNeeded n = length (takeWhile (<= n) (iterate (* 2) 1))

packedSize :: [Int] -> Int
packedSize codes = foldl' (+) 0 (zipWith (\i _ -> bitsNeeded (255 + i)) [1 ..] codes)

checksum :: String -> Int
checksum = foldl' (\h c -> (h * 31 + ord c) `mod` 1000003) 7

main :: IO ()
main = do
  let texts = [ "TOBEORNOTTOBEORTOBEORNOT"
              , concat (replicate 20 "abcabcabd")
              , unwords (replicate 30 "the rain in spain")
              , "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa" ]
  mapM_ (\t -> do
           let codes = compress t
           print (length t, length codes, packedSize codes, decompress codes == t, checksum t)) texts
  print (take 16 (compress (head texts)))
  print (rle "WWWWWWWWWWWWBWWWWWWWWWWWWBBBWWWWWWWWWWWWWWWWWWWWWWWWBWWWWWWWWWWWWWW")
  print (unrle (rle "aaabccddddde") == "aaabccddddde", map bitsNeeded [1, 255, 256, 4095])
