import qualified Data.Map as M
import Data.Char (toLower, isAlpha)
import Data.List (sortBy)
import Data.Ord (comparing)

text :: String
text = concat (replicate 40 "the quick brown fox jumps over the lazy dog and the cat sat on the mat while a dog barked ")

countWords :: [String] -> M.Map String Int
countWords = foldr (\w m -> M.insertWith (+) w 1 m) M.empty

squares :: Int -> M.Map Int Int
squares n = M.fromList [(i, i * i) | i <- [1 .. n]]

main :: IO ()
main = do
  let ws = words (map toLower (filter (\c -> isAlpha c || c == ' ') text))
      freq = countWords ws
  print (M.size freq)
  print (M.toList freq)
  print (M.lookup "the" freq, M.lookup "zebra" freq)
  let top = take 3 (sortBy (comparing (negate . snd)) (M.toList freq))
  print top
  let sq = squares 500
  print (M.foldr (+) 0 sq)
  print (M.member 77 sq, M.findWithDefault 0 1000 sq)
  let sq2 = M.filter even (M.map (`div` 2) sq)
  print (M.size sq2, M.keys (M.delete 4 (M.fromList [(k, ()) | k <- [1 .. 10 :: Int]])))
  print (M.elems (M.adjust (* 100) 3 (M.fromList (zip [1 .. 5 :: Int] "abcde" `seq` [(1 :: Int, 1 :: Int), (3, 3)]))))
  print (M.fromList [(3 :: Int, "c"), (1, "a"), (2, "b")])
  print (M.unionWith (+) (M.fromList [(1 :: Int, 1 :: Int), (2, 2)]) (M.fromList [(2, 10), (3, 30)]))
  print (M.foldrWithKey (\k v acc -> k + v + acc) 0 sq)
  print (fst <$> M.lookupMin sq, M.findMax sq)
