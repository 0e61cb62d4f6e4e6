-- Data.Map/Data.Set functions added in session 21 (deleteFindMin/Max, elemAt, lookupIndex,
-- take/drop/splitAt, Set lookups, mapAccum, unionWithKey, ...) and a Set drained as a priority
-- queue;
-- the .stdout is runghc's (GHC 9.0.2)
import qualified Data.Map as M
import qualified Data.Map.Strict as MS
import qualified Data.Set as S
import Data.Bits

main :: IO ()
main = do
  let m = M.fromList [(k, k * k) | k <- [5, 3, 8, 1, 9, 2, 7 :: Int]]
      s = S.fromList "haskell profiling"
  print (M.deleteFindMin m, M.deleteFindMax m)
  print (M.elemAt 2 m, M.lookupIndex 8 m, M.findIndex 3 m, M.lookupIndex 4 m)
  print (M.take 3 m, M.drop 5 m, M.splitAt 2 m, M.deleteAt 0 m)
  print (M.updateMin (const Nothing) m, M.updateMax (Just . negate) m)
  print (M.updateWithKey (\k v -> if k > 4 then Just (k + v) else Nothing) 5 m)
  print (M.unionWithKey (\k a b -> k + a - b) m (M.fromList [(3, 1), (4, 4), (9, 100)]))
  print (M.mapAccum (\a v -> (a + v, show v)) 0 m)
  print (M.mapAccumWithKey (\a k v -> (a ++ show k, v * 2)) "" m)
  print (M.mapKeysMonotonic (* 2) m, M.mapKeysWith (+) (`div` 3) m)
  print (M.fromAscListWith (++) [(1, "a"), (1, "b"), (2, "c")], M.fromDescList [(3, 'x'), (1, 'y')])
  print (M.differenceWith (\a b -> if b > 2 then Just (a - b) else Nothing) m (M.fromList [(1, 1), (3, 5)]))
  print (M.isProperSubmapOf (M.fromList [(1, 1)]) m, M.isProperSubmapOf m m)
  print (MS.deleteFindMin (MS.fromList [(2, 'b'), (1, 'a')]), MS.elemAt 0 (MS.fromList [(4, 'd')]))
  print (S.deleteFindMin s, S.deleteFindMax s)
  print (S.lookupLT 'h' s, S.lookupGT 'h' s, S.lookupLE 'h' s, S.lookupGE 'z' s, S.lookupGE 'b' s)
  print (S.elemAt 3 s, S.lookupIndex 'p' s, S.findIndex 'a' s, S.take 2 s, S.drop 8 s, S.splitAt 4 s)
  print (S.deleteAt 1 s, S.isProperSubsetOf (S.fromList "ha") s, S.mapMonotonic succ s)
  print (S.fromDescList [5, 3, 1 :: Int])
  let pq = S.fromList [(4, 'a'), (1, 'b'), (3, 'c') :: (Int, Char)]
      drain q = if S.null q then [] else let (x, q') = S.deleteFindMin q in x : drain q'
  print (drain pq)
  print (unsafeShiftL (3 :: Int) 4, unsafeShiftR (1024 :: Int) 3, complementBit (5 :: Int) 1)
