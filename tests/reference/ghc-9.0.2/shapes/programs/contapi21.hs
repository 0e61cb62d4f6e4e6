-- Data.Map/Data.Set functions the subset lacked: deleteFindMin as a priority queue,
-- lookupGE/lookupLT on a Set, elemAt/lookupIndex/take/drop, mapAccum, unionWithKey,
-- and Data.Bits' unsafeShiftL/unsafeShiftR/complementBit.
import qualified Data.Map as M
import qualified Data.Set as S
import Data.Bits

drain :: S.Set (Int, Int) -> Int -> Int
drain q acc
  | S.null q = acc
  | otherwise = case S.deleteFindMin q of
      ((d, v), q') -> drain (if v `mod` 3 == 0 && d < 2000 then S.insert (d + 7, v + 1) q' else q')
                            (acc + d)

nearest :: S.Set Int -> Int -> Int
nearest s x = case (S.lookupLE x s, S.lookupGT x s) of
  (Just a, Just b) -> if x - a <= b - x then a else b
  (Just a, Nothing) -> a
  (Nothing, Just b) -> b
  _ -> 0

ranks :: M.Map Int Int -> [Int] -> Int
ranks m ks = sum [maybe 0 id (M.lookupIndex k m) | k <- ks] + fst (M.elemAt 10 m)

accum :: M.Map Int Int -> (Int, M.Map Int String)
accum m = M.mapAccumWithKey (\a k v -> (a + k * v, show v)) 0 m

hashes :: [Int] -> Int
hashes = foldl (\h x -> (unsafeShiftL h 5 + h + x) .&. 0xFFFFFF) 5381

main :: IO ()
main = do
  print (drain (S.fromList [(k * 3 `mod` 101, k) | k <- [1 .. 600]]) 0)
  let s = S.fromList [k * k `mod` 997 | k <- [1 .. 500 :: Int]]
  print (sum (map (nearest s) [1, 4 .. 1500]))
  let m = M.fromList [(k * 7 `mod` 1009, k) | k <- [1 .. 800 :: Int]]
  print (ranks m [1, 3 .. 1000])
  print (fst (accum m), M.size (snd (accum m)))
  print (M.size (M.take 100 m), M.size (M.drop 700 m), M.toList (M.unionWithKey (\k a b -> k + a + b) (M.take 3 m) (M.take 5 m)))
  print (hashes [1 .. 3000], unsafeShiftR (hashes [1 .. 10]) 3, complementBit (hashes [4]) 2)
