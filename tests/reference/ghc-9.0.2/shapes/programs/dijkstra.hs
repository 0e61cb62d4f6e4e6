-- an ordinary program written for session 18: Dijkstra over a Map graph with a Set as the
-- priority queue, its relaxation step a local function folded over the edges
import qualified Data.Map.Strict as M
import qualified Data.Set as S
import Data.Maybe (fromMaybe)

type Graph = M.Map Int [(Int, Int)]

mkGraph :: Int -> Graph
mkGraph n = M.fromListWith (++) [ (u, [(v, w)]) | u <- [0 .. n - 1], k <- [1 .. 3]
                                , let v = (u * 7 + k * 13) `mod` n, let w = (u + k) `mod` 11 + 1 ]

dijkstra :: Graph -> Int -> M.Map Int Int
dijkstra g src = go (S.singleton (0, src)) (M.singleton src 0)
  where
    go frontier dist = case S.minView frontier of
      Nothing -> dist
      Just ((d, u), rest)
        | d > fromMaybe maxBound (M.lookup u dist) -> go rest dist
        | otherwise ->
            let edges = fromMaybe [] (M.lookup u g)
                (frontier', dist') = foldl relax (rest, dist) edges
                relax (f, dm) (v, w) =
                  let nd = d + w
                  in case M.lookup v dm of
                       Just old | old <= nd -> (f, dm)
                       _ -> (S.insert (nd, v) f, M.insert v nd dm)
            in go frontier' dist'

main :: IO ()
main = do
  let g = mkGraph 400
      dist = dijkstra g 0
  print (M.size dist)
  print (sum (M.elems dist))
  print (take 5 (M.toList dist))
  print (maximum (M.elems dist))
