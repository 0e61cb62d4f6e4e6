-- Word frequencies: a Data.Map built by insertWith over generated words, then queried and
-- the most frequent words listed.
import qualified Data.Map as Map
import Data.List (sortBy)

word :: Int -> String
word i = [toEnum (97 + (i * 7) `mod` 11), toEnum (97 + (i * 3) `mod` 5), toEnum (97 + i `mod` 4)]

count :: [String] -> Map.Map String Int
count = foldr (\w m -> Map.insertWith (+) w 1 m) Map.empty

top :: Int -> Map.Map String Int -> [(String, Int)]
top k m = take k (sortBy (\(_, a) (_, b) -> compare b a) (Map.toList m))

main :: IO ()
main = do
  let ws = map word [1 .. 6000]
      m = count ws
  print (Map.size m)
  print (Map.lookup "aaa" m, Map.lookup "hcb" m)
  print (top 5 m)
  print (sum (Map.elems m))
