-- maximumBy/minimumBy with comparing, and sortBy's runs and merges on inputs with and
-- without ties, of 0 to 200 elements (issue 18 item 1b, shapes19)
import Data.List (maximumBy, minimumBy, sortBy)
import Data.Ord (comparing)

pairsOf :: Int -> [(Int, Int)]
pairsOf n = [(i, (i * 37) `mod` 101) | i <- [1 .. n]]

best :: [(Int, Int)] -> (Int, Int)
best xs = maximumBy (comparing snd) xs

worst :: [(Int, Int)] -> (Int, Int)
worst xs = minimumBy (comparing snd) xs

rising :: [(Int, Int)] -> (Int, Int)
rising xs = maximumBy (comparing fst) xs

top :: [Int] -> Int
top xs = maximumBy compare xs

sorted :: [(Int, Int)] -> [(Int, Int)]
sorted xs = sortBy (comparing snd) xs

ties :: [(Int, Int)] -> [(Int, Int)]
ties xs = sortBy (comparing (\p -> snd p `mod` 3)) xs

byFst :: [(Int, Int)] -> [(Int, Int)]
byFst xs = sortBy (comparing fst) xs

small :: [Int] -> Int
small xs = length (sortBy compare xs)

main :: IO ()
main = do
  let ps = pairsOf 200
  print (best ps)
  print (worst ps)
  print (rising ps)
  print (map top [[3], [1, 2], [5, 1, 7, 7, 2]])
  print (sum (map fst (sorted ps)))
  print (sum (map fst (ties ps)))
  print (sum (map snd (byFst (reverse ps))))
  print (map small [[], [1], [2, 1], [1, 2], [1, 2, 3], [4, 3, 2, 1], [1 .. 100]])
  print (map small [replicate 50 5, map (`mod` 3) [1 .. 60]])
