-- Data.List's functions as base (-O2) allocates them, called in loops, one cost centre each:
-- set operations, nub, searches, transpose, scans, inits/tails, permutations
import Data.List

d1, u1, i1, n1, e1, s1, f1, t1, x1, z1, z2, p1 :: Int -> Int
d1 k = length (delete k [1 .. 50])
u1 k = length (union [1 .. 20] [k .. k + 20])
i1 k = length (intersect [1 .. 20] [k .. k + 20])
n1 k = length (nub (map (`mod` 7) [k .. k + 30]))
e1 k = length (elemIndices 3 (map (`mod` 5) [k .. k + 30]))
s1 k = maybe 0 length (stripPrefix [1, 2, 3] [1 .. k])
f1 k = maybe 0 id (findIndex (> k) [1 .. 50])
t1 k = length (transpose [[1 .. k], [2 .. 10], [3 .. 7]])
x1 k = length (scanl1 (+) [1 .. k]) + length (scanr1 max [1 .. k]) + sum (scanr (+) 0 [1 .. k])
z1 k = length (inits [1 .. k]) + length (tails [1 .. k])
z2 k = sum (map sum (inits [1 .. k])) + sum (map sum (tails [1 .. k]))
p1 k = length (permutations [1 .. k `mod` 4 + 3]) + sum (map sum (permutations [1, 2, k]))

main :: IO ()
main = mapM_ (\f -> print (sum (map f [10 .. 40]))) [d1, u1, i1, n1, e1, s1, f1, t1, x1, z1, z2, p1]
