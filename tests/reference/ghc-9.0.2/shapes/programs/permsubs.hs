-- Combinatorics with Data.List: permutations, subsequences, tails, group, set operations.
import Data.List

isSorted :: Ord a => [a] -> Bool
isSorted xs = and (zipWith (<=) xs (drop 1 xs))

runs :: String -> [(Char, Int)]
runs = map (\g -> (head g, length g)) . group

windows :: Int -> [a] -> [[a]]
windows n = takeWhile ((== n) . length) . map (take n) . tails

subsetSums :: [Int] -> Int -> [[Int]]
subsetSums xs target = [ s | s <- subsequences xs, sum s == target ]

main :: IO ()
main = do
  print (permutations [1, 2, 3 :: Int])
  print (length (filter isSorted (permutations [5, 3, 8, 1, 9, 2 :: Int])))
  print (subsequences "abc")
  print (subsetSums [3, 34, 4, 12, 5, 2] 9)
  print (runs "aaabccddddde")
  print (windows 3 [1 .. 7 :: Int])
  let (small, big) = partition (< 10) [15, 3, 22, 7, 9, 11 :: Int]
  print (small, big)
  print ([1, 2, 3, 4, 5] \\ [2, 4 :: Int], union [1, 2, 3] [3, 4, 5 :: Int], intersect "hello" "world")
  print (elemIndex 9 [3, 9, 9 :: Int], findIndex (> 4) [1, 5, 2, 6 :: Int], elemIndices 'l' "hello")
  print (insert 4 [1, 3, 5, 7 :: Int], delete 'l' "hello", lookup 2 (zip [1 ..] "xyz"))
  print (zip3 [1 :: Int ..] "ab" [True, False], unzip3 [(1 :: Int, 'a', "x"), (2, 'b', "y")])
  print (isSubsequenceOf "ace" "abcde", stripPrefix "ab" "abc", foldl1 (-) [10, 2, 3 :: Int])
  print (sortOn negate [3, 1, 2 :: Int], nub [1, 1, 2, 3, 2 :: Int], genericLength "abcd" :: Integer)
  print ([10, 8 .. 1 :: Int], take 4 (iterate (* 3) (1 :: Int)), replicate 3 'z', splitAt 2 "hello")
  print (length (concatMap permutations (subsequences [1 .. 6 :: Int])))
  print (sum (map sum (filter ((== 3) . length) (subsequences [1 .. 14 :: Int]))))
  print (mapAccumL (\acc x -> (acc + x, acc * x)) 0 [1 .. 6 :: Int], mapAccumR (\a x -> (a + x, a)) 0 [1, 2, 3 :: Int])
