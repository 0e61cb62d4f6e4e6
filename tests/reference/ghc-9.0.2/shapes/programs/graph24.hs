-- Data.Map.foldrWithKey and Data.Set operations on a graph: reachability, components, degrees
import qualified Data.Map as M
import qualified Data.Set as S

type Graph = M.Map Int (S.Set Int)

mkGraph :: [(Int, Int)] -> Graph
mkGraph es = M.unionWith S.union fwd bwd
  where fwd = M.fromListWith S.union [(a, S.singleton b) | (a, b) <- es]
        bwd = M.fromListWith S.union [(b, S.singleton a) | (a, b) <- es]

reach :: Graph -> Int -> S.Set Int
reach g s = go S.empty [s]
  where go seen [] = seen
        go seen (x : xs)
          | x `S.member` seen = go seen xs
          | otherwise = go (S.insert x seen) (S.toList (M.findWithDefault S.empty x g) ++ xs)

components :: Graph -> [S.Set Int]
components g = go (M.keysSet g)
  where go left = case S.minView left of
          Nothing -> []
          Just (v, _) -> let c = reach g v in c : go (left `S.difference` c)

degrees :: Graph -> M.Map Int Int
degrees = M.foldrWithKey (\k vs acc -> M.insertWith (+) (S.size vs) 1 acc) M.empty

edgeCount :: Graph -> Int
edgeCount g = M.foldrWithKey (\_ vs n -> n + S.size vs) 0 g `div` 2

edges :: [(Int, Int)]
edges = [(i, (i * 7 + 3) `mod` 200) | i <- [0 .. 199], i `mod` 5 /= 0] ++ [(i, i + 1) | i <- [300 .. 340]]

main :: IO ()
main = do
  let g = mkGraph edges
      cs = components g
  print (M.size g, edgeCount g, length cs)
  print (map S.size cs)
  print (M.toList (degrees g))
  let a = S.fromList [1 .. 30 :: Int]
      b = S.fromList [20, 22 .. 60]
  print (S.toList (S.union a b) == [1 .. 30] ++ [32, 34 .. 60], S.toList (S.intersection a b))
  print (S.toList (S.difference b a), S.elems (S.map (`mod` 7) a), S.toList (S.filter odd b))
  print (S.partition (> 25) a, S.findMin b, S.findMax b, S.isSubsetOf (S.fromList [2, 4]) a)
  let m = M.fromList [(k, k * k) | k <- [1 .. 50 :: Int]]
  print (M.foldrWithKey (\k v acc -> k + v + acc) 0 m, M.foldlWithKey (\acc k v -> acc - k + v) 0 m)
  print (M.foldr (:) [] (M.filter (> 2000) m), M.keys (M.filterWithKey (\k _ -> k `mod` 10 == 0) m))
  print (M.toList (M.map S.size (M.filter ((> 3) . S.size) g)))
  print (S.toList (reach g 300) == [300 .. 341], S.size (S.unions cs))
