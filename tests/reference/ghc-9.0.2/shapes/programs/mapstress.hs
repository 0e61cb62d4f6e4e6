-- Random insert/delete/alter/union sequences on Data.Map and Data.Set, checked against
-- association lists: every step's map is valid (ordered, sized, balanced) and has the
-- list's contents.
import qualified Data.Map as M
import qualified Data.Set as S
import Data.List (sort, nub, foldl')

-- a linear congruential generator
next :: Int -> Int
next s = (s * 1103515245 + 12345) `mod` 2147483648

randoms :: Int -> [Int]
randoms s = tail (iterate next s)

data Op = Ins Int Int | Del Int | Alt Int deriving Show

ops :: Int -> Int -> [Op]
ops seed n = take n (go (randoms seed))
  where
    go (a : b : rest) = op (a `mod` 3) (b `mod` 97) (a `mod` 1000) : go rest
    go _ = []
    op 0 k v = Ins k v
    op 1 k _ = Del k
    op _ k _ = Alt k

applyM :: M.Map Int Int -> Op -> M.Map Int Int
applyM m (Ins k v) = M.insert k v m
applyM m (Del k) = M.delete k m
applyM m (Alt k) = M.alter (maybe (Just 1) (\v -> if even v then Nothing else Just (v + 1))) k m

applyL :: [(Int, Int)] -> Op -> [(Int, Int)]
applyL l (Ins k v) = (k, v) : filter ((/= k) . fst) l
applyL l (Del k) = filter ((/= k) . fst) l
applyL l (Alt k) = case lookup k l of
  Nothing -> (k, 1) : l
  Just v -> if even v then filter ((/= k) . fst) l else (k, v + 1) : filter ((/= k) . fst) l

check :: Int -> (Bool, Int)
check seed = (all ok (zip ms ls), M.size (last ms))
  where
    os = ops seed 300
    ms = scanl applyM M.empty os
    ls = scanl applyL [] os
    ok (m, l) = M.valid m && M.toList m == sort l && M.size m == length l

setCheck :: Int -> Bool
setCheck seed = and [ S.valid s && S.toList s == sort (nub xs) | n <- [0, 7 .. 150]
                    , let xs = map (`mod` 200) (take n (randoms seed)), let s = S.fromList xs ]
                && S.valid (foldl' (flip S.delete) (S.fromList [1 .. 100]) [3, 6 .. 99])

main :: IO ()
main = do
  mapM_ (print . check) [1, 2, 3]
  print (map setCheck [4, 5])
  let a = M.fromList [(k, k) | k <- take 200 (map (`mod` 500) (randoms 9))]
      b = M.fromList [(k, -k) | k <- take 200 (map (`mod` 500) (randoms 10))]
      u = M.union a b
      i = M.intersectionWith (+) a b
      d = M.difference a b
  print (map M.valid [u, i, d, M.unionWith (+) a b, M.filter even a, M.map (+ 1) b])
  print (M.size u, M.size i, M.size d, M.keys u == sort (nub (M.keys a ++ M.keys b)))
  print (sum (M.elems i), M.foldr (+) 0 d, M.lookupMin u, M.lookupMax i)
  print (M.valid (M.fromList [(k, ()) | k <- [1 .. 1000 :: Int]]),
         M.valid (M.fromList [(k, ()) | k <- [1000, 999 .. 1 :: Int]]),
         M.valid (M.fromDistinctAscList [(k, k) | k <- [1 .. 77 :: Int]]))
  let (lo, hi) = M.split 250 u
  print (M.valid lo, M.valid hi, M.size lo + M.size hi + (if M.member 250 u then 1 else 0) == M.size u)
