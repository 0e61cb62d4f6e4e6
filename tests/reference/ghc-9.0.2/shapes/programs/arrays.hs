import Data.Array

build :: Int -> Array Int Int
build n = listArray (0, n - 1) [i * i | i <- [0 .. n - 1]]

fromAssocs :: Int -> Array Int Int
fromAssocs n = array (1, n) [(i, 2 * i) | i <- [1 .. n]]

histogram :: [Int] -> Array Int Int
histogram xs = accumArray (+) 0 (0, 9) [(x `mod` 10, 1) | x <- xs]

sumAt :: Array Int Int -> Int -> Int
sumAt a k = sum [a ! i | i <- [0 .. k]]

update :: Array Int Int -> Array Int Int
update a = a // [(i, 0) | i <- [0, 2 .. 20]]

bump :: Array Int Int -> Array Int Int
bump a = accum (+) a [(i, 100) | i <- [1 .. 10]]

doubled :: Array Int Int -> Array Int Int
doubled a = fmap (* 2) a

grid :: Array (Int, Int) Char
grid = listArray ((0, 0), (2, 3)) "abcdefghijkl"

letters :: Array Char Int
letters = listArray ('a', 'e') [1 ..]

main :: IO ()
main = do
  let a = build 1000
  print (sumAt a 999)
  print (bounds a)
  print (sum (elems a))
  let b = fromAssocs 500
  print (b ! 250, length (indices b))
  print (histogram [1 .. 5000])
  let u = update a
  print (take 12 (elems u))
  print (bump (listArray (1, 10) [1 ..]))
  print (sum (elems (doubled a)))
  print (take 5 (assocs b))
  print grid
  print (grid ! (1, 2))
  print letters
  print (letters ! 'c')
  print (listArray (0, 2) "abc")
