-- Data.List's nub, sort, intersect and transpose (issue 18 item 1, shapes20): base's -O2
-- shapes (nubBy's lifted loop keeps (==) in each kept element's rest; sort's and
-- intersect's dictionary method a thunk a call; intersectBy's `any (eq x)` predicate a thunk
-- an element; transpose's loop specialised on a cons), each called 10 times
import Data.List (nub, sort, intersect, transpose)

nubs :: Int -> [Int]
nubs k = nub [ (i * 7 + k) `mod` 13 | i <- [1 .. 40] ]

nubShort :: Int -> [Int]
nubShort k = nub [k, k, k + 1]

sorts :: Int -> [Int]
sorts k = sort [ (i * 17 + k) `mod` 31 | i <- [1 .. 30] ]

sortShort :: Int -> [Int]
sortShort k = sort [k + 3, k, k + 2, k + 1]

inter :: Int -> [Int]
inter k = [1 .. 20 + k] `intersect` [k, k + 3 .. 40]

trans :: Int -> [[Int]]
trans k = transpose [[1 .. k], [2 .. k + 3], [k]]

main :: IO ()
main = do
  mapM_ (print . nubs) [1 .. 10]
  mapM_ (print . nubShort) [1 .. 10]
  mapM_ (print . sorts) [1 .. 10]
  mapM_ (print . sortShort) [1 .. 10]
  mapM_ (print . inter) [1 .. 10]
  mapM_ (print . trans) [1 .. 10]
