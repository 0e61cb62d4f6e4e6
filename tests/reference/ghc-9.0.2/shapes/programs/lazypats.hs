-- Lazy pattern bindings, irrefutable and as-patterns, nested tuples.
splitDigits :: Int -> [Int]
splitDigits 0 = []
splitDigits n = r : splitDigits q
  where (q, r) = n `divMod` 10

minMax :: [Int] -> (Int, Int)
minMax (x:xs) = foldl step (x, x) xs
  where step (lo, hi) y = (min lo y, max hi y)
minMax [] = (0, 0)

stats :: [Int] -> ((Int, Int), (Int, Double))
stats xs = ((lo, hi), (s, fromIntegral s / fromIntegral n))
  where (lo, hi) = minMax xs
        s = sum xs
        n = length xs

pairUp :: [a] -> [(a, a)]
pairUp all@(x:y:rest) = (x, y) : pairUp (drop 2 all)
pairUp _ = []

dupFirst :: [Int] -> [Int]
dupFirst xs@(x:_) = x : xs
dupFirst [] = []

lazyFst :: (Int, Int) -> Int
lazyFst ~(a, _) = 42

zipLazy :: [Int] -> [Int] -> [(Int, Int)]
zipLazy (x:xs) ~(y:ys) = (x, y) : zipLazy xs ys
zipLazy [] _ = []

fibPair :: Int -> (Integer, Integer)
fibPair 0 = (0, 1)
fibPair n = let (a, b) = fibPair (n - 1) in (b, a + b)

unzip3' :: [(a, b, c)] -> ([a], [b], [c])
unzip3' = foldr (\(a, b, c) ~(as, bs, cs) -> (a : as, b : bs, c : cs)) ([], [], [])

main :: IO ()
main = do
  print (splitDigits 9876543210)
  print (stats [3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5])
  let ((lo, hi), (total, mean)) = stats [ (k * 37) `mod` 101 | k <- [1 .. 2000] ]
  print lo >> print hi >> print total >> print mean
  print (pairUp "abcdefg")
  print (dupFirst [7, 8, 9])
  print (lazyFst (error "never forced"))
  print (take 5 (zipLazy [1 ..] [10, 20 ..]))
  print (fst (fibPair 90))
  let (as, bs, cs) = unzip3' [ (k, k * k, show k) | k <- [1 .. 300 :: Int] ]
  print (sum as, sum bs, length (concat cs))
  let (evens, odds) = foldr (\x ~(e, o) -> if even x then (x : e, o) else (e, x : o)) ([], []) [1 .. 1000 :: Int]
  print (length evens, sum odds)
  let xs@(h:_) = map (* 3) [5 .. 15 :: Int]
      (q, r) = sum xs `quotRem` h
  print (h, q, r)
  print (sum (concatMap splitDigits [1 .. 3000]))
