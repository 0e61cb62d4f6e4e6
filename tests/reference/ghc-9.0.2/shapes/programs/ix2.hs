import Data.Array

idx2 :: Array (Int, Int) Int -> Int -> Int
idx2 a n = go 0 0
  where go i acc = if i == n then acc else go (i + 1) (acc + a ! (i `mod` 10, 3))

mk2 :: Int -> Array (Int, Int) Int
mk2 n = array ((0, 0), (9, n - 1)) [((i, j), 0) | i <- [0 .. 9], j <- [0 .. n - 1]]

lst2 :: Int -> Array (Int, Int) Int
lst2 n = listArray ((0, 0), (9, n - 1)) (replicate (10 * n) 1)

acc2 :: Int -> Array (Int, Int) Int
acc2 n = accumArray (+) 0 ((0, 0), (9, n - 1)) [((i, j), 1) | i <- [0 .. 9], j <- [0 .. n - 1]]

asc2 :: Array (Int, Int) Int -> Int
asc2 a = length (assocs a)

idxC :: Array Char Int -> Int -> Int
idxC a n = go 0 0
  where go i acc = if i == n then acc else go (i + 1) (acc + a ! 'c')

main :: IO ()
main = do
  let a = lst2 100
  print (idx2 a 1000)
  print (mk2 100 ! (3, 3))
  print (acc2 100 ! (3, 3))
  print (asc2 a)
  print (idxC (listArray ('a', 'z') [1 ..]) 1000)
