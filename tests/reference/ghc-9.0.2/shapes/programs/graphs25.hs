-- Weighted graphs: Dijkstra with a Set as the priority queue, DFS topological sort, cycles
import qualified Data.Map as M
import qualified Data.Set as S
import Data.Maybe (fromMaybe)
import Data.List (foldl')

type Graph = M.Map String [(String, Int)]

mkGraph :: [(String, String, Int)] -> Graph
mkGraph es = M.fromListWith (++) ([(a, [(b, w)]) | (a, b, w) <- es] ++ [(b, []) | (_, b, _) <- es])

dijkstra :: Graph -> String -> M.Map String (Int, String)
dijkstra g src = go (S.singleton (0, src)) (M.singleton src (0, src))
  where
    go frontier best = case S.minView frontier of
      Nothing -> best
      Just ((d, u), rest)
        | d > fst (best M.! u) -> go rest best
        | otherwise ->
            let edges = fromMaybe [] (M.lookup u g)
                (frontier', best') = foldl' relax (rest, best) edges
                relax (f, b) (v, w) =
                  let nd = d + w
                  in case M.lookup v b of
                       Just (old, _) | old <= nd -> (f, b)
                       _ -> (S.insert (nd, v) f, M.insert v (nd, u) b)
            in go frontier' best'

path :: M.Map String (Int, String) -> String -> [String]
path best = reverse . walk
  where walk v = case M.lookup v best of
          Just (_, p) | p /= v -> v : walk p
          _ -> [v]

topo :: Graph -> Either String [String]
topo g = fmap (reverse . snd) (foldl' visit (Right (S.empty, [])) (M.keys g))
  where
    visit acc v = acc >>= \st -> dfs S.empty st v
    dfs onPath (done, order) v
      | v `S.member` onPath = Left ("cycle through " ++ v)
      | v `S.member` done = Right (done, order)
      | otherwise = do
          (done', order') <- foldl' (\a (w, _) -> a >>= \st -> dfs (S.insert v onPath) st w)
                                    (Right (done, order)) (fromMaybe [] (M.lookup v g))
          return (S.insert v done', v : order')

edgesA :: [(String, String, Int)]
edgesA = [ ("a", "b", 7), ("a", "c", 9), ("a", "f", 14), ("b", "c", 10), ("b", "d", 15)
         , ("c", "d", 11), ("c", "f", 2), ("d", "e", 6), ("f", "e", 9) ]

grid :: Int -> [(String, String, Int)]
grid n = concat [ [(node i j, node (i + 1) j, (i * 7 + j * 3) `mod` 10 + 1) | i < n] ++
                  [(node i j, node i (j + 1), (i * 5 + j * 11) `mod` 9 + 1) | j < n]
                | i <- [0 .. n], j <- [0 .. n] ]
  where node i j = show i ++ "," ++ show j

main :: IO ()
main = do
  let g = mkGraph edgesA
      best = dijkstra g "a"
  mapM_ (\(v, (d, _)) -> putStrLn (v ++ " " ++ show d ++ " via " ++ unwords (path best v))) (M.toList best)
  print (topo g)
  print (topo (mkGraph (("e", "a", 1) : edgesA)))
  let gg = mkGraph (grid 12)
      bg = dijkstra gg "0,0"
  print (M.size gg, fst (bg M.! "12,12"), length (path bg "12,12"))
  print (either id (unwords . take 8) (topo gg))
