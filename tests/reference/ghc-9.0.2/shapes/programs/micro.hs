xs :: [Int]
xs = [1 .. 1000]

bs :: [Bool]
bs = map (> 0) xs

tEven :: Int
tEven = length (filter even xs)

tOdd :: Int
tOdd = length (filter odd xs)

tAnd :: Bool
tAnd = and bs

tOr :: Bool
tOr = or (map not bs)

tZip :: Int
tZip = length (zip xs xs)

tZipWith :: Int
tZipWith = length (zipWith (<=) xs xs)

tFilter :: Int
tFilter = length (filter (const True) xs)

tSum :: Int
tSum = sum xs

tLength :: Int
tLength = length xs

tMap :: Int
tMap = length (map id xs)

tElem :: Bool
tElem = 1000 `elem` xs

tAll :: Bool
tAll = all (const True) xs

tAny :: Bool
tAny = any (const False) xs

tTake :: Int
tTake = length (take 1000 xs)

tMaximum :: Int
tMaximum = maximum xs

tFoldr :: Int
tFoldr = foldr (\_ n -> n) 0 xs

tConcat :: Int
tConcat = length (concat [xs, xs])

tAppend :: Int
tAppend = length (xs ++ xs)

tReverse :: Int
tReverse = length (reverse xs)

tProduct :: Int
tProduct = product (map (const 1) xs)

tMod :: [Int] -> Int
tMod (y : ys) = y `mod` 7 + tMod ys
tMod [] = 0

tEq :: [Int] -> Int
tEq (y : ys) = if y == 5 then 1 else tEq ys
tEq [] = 0

main :: IO ()
main = do
  print (length xs, length bs, and bs)
  print tEven
  print tOdd
  print tAnd
  print tOr
  print tZip
  print tZipWith
  print tFilter
  print tSum
  print tLength
  print tMap
  print tElem
  print tAll
  print tAny
  print tTake
  print tMaximum
  print tFoldr
  print tConcat
  print tAppend
  print tReverse
  print tProduct
  print (tMod xs, tEq xs)
