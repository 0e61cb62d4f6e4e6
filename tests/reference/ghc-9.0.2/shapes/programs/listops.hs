import Data.List

fSplit :: Int -> [Int] -> Int
fSplit n xs = let (a, b) = splitAt n xs in sum a - sum b

fIndex :: Int -> [Int] -> Int
fIndex n xs = xs !! n

fLast :: [Int] -> Int
fLast xs = last xs + length (init xs)

fElem :: Int -> [Int] -> Bool
fElem n xs = n `elem` xs || notElem (n + 100) xs

fLookup :: Int -> [(Int, Int)] -> Int
fLookup k ps = maybe 0 id (lookup k ps)

fUnzip :: [(Int, Int)] -> Int
fUnzip ps = let (as, bs) = unzip ps in sum as + sum bs

fZip3 :: [Int] -> Int
fZip3 xs = sum [a + b + c | (a, b, c) <- zip3 xs (tail xs) (drop 2 xs)]

fRev :: [Int] -> Int
fRev xs = head (reverse xs)

fRepl :: Int -> Int
fRepl n = length (replicate n 'x')

fIter :: Int -> Int
fIter n = iterate (* 2) 1 !! (n `mod` 20)

fCycle :: Int -> Int
fCycle n = sum (take n (cycle [1, 2, 3]))

fConcat :: [[Int]] -> Int
fConcat xss = length (concat xss) + sum (concatMap (take 2) xss)

fAndOr :: [Int] -> Bool
fAndOr xs = and (map even xs) || or (map (> 30) xs)

fMaxMin :: [Int] -> Int
fMaxMin xs = maximum xs - minimum xs + product (take 3 xs)

fFilterMap :: [Int] -> Int
fFilterMap xs = length (filter odd (map (+ 1) xs))

fFoldr :: [Int] -> Int
fFoldr = foldr (\x acc -> x + 2 * acc) 0

fFoldl :: [Int] -> Int
fFoldl = foldl (\acc x -> acc * 3 + x) 0

fZipWith :: [Int] -> Int
fZipWith xs = sum (zipWith3 (\a b c -> a * b - c) xs xs xs)

fSort :: [Int] -> [Int]
fSort = sort

fNub :: [Int] -> Int
fNub xs = length (nub (map (`mod` 7) xs))

fPart :: [Int] -> Int
fPart xs = let (a, b) = partition even xs in length a * length b

fSpanBreak :: [Int] -> Int
fSpanBreak xs = let (a, b) = span (< 10) xs; (c, d) = break (> 20) xs in length a + length b + length c + length d

fWordsUn :: Int -> Int
fWordsUn n = length (unwords (replicate n "ab")) + length (unlines (replicate n "cd"))

fTails :: [Int] -> Int
fTails xs = length (tails xs) + length (isPrefixOf [1,2] xs : [isSuffixOf [30] xs])

fLookupAll :: [Int] -> Int
fLookupAll xs = sum [fLookup k (zip xs xs) | k <- [1, 5, 9]]

fFind :: [Int] -> Int
fFind xs = maybe 0 id (find (> 15) xs) + maybe 0 id (findIndex (> 20) xs) + length (elemIndices 3 xs)

fDelete :: [Int] -> Int
fDelete xs = length (delete 5 xs) + length (xs \\ [1, 2, 3]) + length (union xs [40, 41]) + length (insert 7 xs)

fGroupSort :: [Int] -> Int
fGroupSort xs = length (group (sort (map (`mod` 5) xs)))

fZipUnzip3 :: [Int] -> Int
fZipUnzip3 xs = let (a, b, c) = unzip3 (zip3 xs xs xs) in sum a + sum b + sum c

fScan :: [Int] -> Int
fScan xs = last (scanl (+) 0 xs) + last (scanl1 max xs)

fSumLen :: [Int] -> Int
fSumLen xs = sum xs `div` length xs

main :: IO ()
main = do
  let xs = [1 .. 30] :: [Int]
      ps = zip xs (map (* 2) xs)
  let rs = [ fSplit (i `mod` 30) xs + fIndex (i `mod` 30) xs + fLast xs + fromEnum (fElem i xs)
           + fLookup (i `mod` 40) ps + fUnzip ps + fZip3 xs + fRev xs + fRepl i + fIter i + fCycle i
           + fConcat [xs, xs] + fromEnum (fAndOr xs) + fMaxMin xs + fFilterMap xs + fFoldr xs `mod` 1000
           + fFoldl xs `mod` 1000 + fZipWith xs + sum (fSort (reverse xs)) + fNub xs + fPart xs + fSpanBreak xs
           + fWordsUn (i `mod` 10) + fTails xs + fLookupAll xs + fFind xs + fDelete xs + fGroupSort xs
           + fZipUnzip3 xs + fScan xs + fSumLen xs
           | i <- [1 .. 200 :: Int]]
  print (sum rs)
