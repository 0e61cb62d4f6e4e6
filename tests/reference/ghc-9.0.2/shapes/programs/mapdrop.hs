-- Word frequencies in a Data.Map built by insertWith, queried, then dropped before a
-- second, independent computation.
import qualified Data.Map as M

wordsOf :: Int -> [String]
wordsOf n = [ syllable (i `mod` 13) ++ syllable ((i * 7) `mod` 11) | i <- [1 .. n] ]
  where
    syllable k = ["ka", "lo", "mi", "ne", "su", "ta", "ro", "vi", "da", "pe", "zu",
                  "fo", "gi"] !! k

buildFreq :: [String] -> M.Map String Int
buildFreq = foldr (\w m -> M.insertWith (+) w 1 m) M.empty

query :: M.Map String Int -> [String] -> Int
query m = go 0
  where
    go acc [] = acc
    go acc (w : ws) = let acc' = acc + M.findWithDefault 0 w m in acc' `seq` go acc' ws

collatz :: Int -> Int
collatz 1 = 0
collatz n = 1 + collatz (if even n then n `div` 2 else 3 * n + 1)

longest :: Int -> Int
longest n = maximum (map collatz [1 .. n])

main :: IO ()
main = do
  let m = buildFreq (wordsOf 4000)
  print (M.size m)
  print (query m (take 3000 (cycle (M.keys m))))
  print (M.foldr (+) 0 m)
  print (fst <$> M.lookupMax m)
  print (longest 3000)
