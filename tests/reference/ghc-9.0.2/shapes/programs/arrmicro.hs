import Data.Array

mkList :: Int -> Array Int Int
mkList n = listArray (0, n - 1) (replicate n 7)

elemsOf :: Array Int Int -> Int
elemsOf a = length (elems a)

indicesOf :: Array Int Int -> Int
indicesOf a = length (indices a)

assocsOf :: Array Int Int -> Int
assocsOf a = length (assocs a)

boundsOf :: Array Int Int -> Int
boundsOf a = snd (bounds a)

indexAll :: Array Int Int -> Int -> Int
indexAll a n = go 0 0
  where go i acc = if i == n then acc else go (i + 1) (acc + a ! i)

mkAssoc :: [(Int, Int)] -> Array Int Int
mkAssoc ies = array (0, 999) ies

mkAccum :: [(Int, Int)] -> Array Int Int
mkAccum ies = accumArray (+) 0 (0, 999) ies

upd :: Array Int Int -> [(Int, Int)] -> Array Int Int
upd a ies = a // ies

acc :: Array Int Int -> [(Int, Int)] -> Array Int Int
acc a ies = accum (+) a ies

mapped :: Array Int Int -> Array Int Int
mapped a = fmap negate a

shown :: Array Int Int -> Int
shown a = length (show a)

main :: IO ()
main = do
  let n = 1000
      ies = [(i, i) | i <- [0 .. n - 1]]
  print (length ies)
  let a = mkList n
  print (a ! 3)
  print (elemsOf a, indicesOf a, assocsOf a, boundsOf a)
  print (indexAll a n)
  let b = mkAssoc ies
  print (b ! 5)
  let c = mkAccum ies
  print (c ! 5)
  let d = upd a ies
  print (d ! 5)
  let e = acc a ies
  print (e ! 5)
  let f = mapped a
  print (f ! 5)
  print (shown a)
