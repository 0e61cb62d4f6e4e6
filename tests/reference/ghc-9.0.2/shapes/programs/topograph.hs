import qualified Data.Map as M
import qualified Data.Set as S
import Data.Maybe (fromMaybe)

type Graph = M.Map Int [Int]

mkGraph :: Int -> Graph
mkGraph n = M.fromList [ (v, succs v) | v <- [0 .. n - 1] ]
  where
    succs v = [ w | k <- [1, 3, 7], let w = v + k, w < n, (v * k + w) `mod` 3 /= 0 ]

neighbours :: Graph -> Int -> [Int]
neighbours g v = fromMaybe [] (M.lookup v g)

dfs :: Graph -> Int -> [Int]
dfs g start = reverse (go [start] S.empty [])
  where
    go [] _ acc = acc
    go (v:stack) seen acc
      | v `S.member` seen = go stack seen acc
      | otherwise = go (neighbours g v ++ stack) (S.insert v seen) (v : acc)

topoSort :: Graph -> [Int]
topoSort g = snd (foldr visit (S.empty, []) (M.keys g))
  where
    visit v (seen, order)
      | S.member v seen = (seen, order)
      | otherwise =
          let (seen', order') = foldr visit (S.insert v seen, order) (neighbours g v)
          in (seen', v : order')

reachableCount :: Graph -> Int -> Int
reachableCount g v = S.size (S.fromList (dfs g v))

longestPath :: Graph -> [Int] -> M.Map Int Int
longestPath g order = foldl relax M.empty (reverse order)
  where
    relax dist v =
      let best = maximum (0 : [ 1 + M.findWithDefault 0 w dist | w <- neighbours g v ])
      in M.insert v best dist

isTopological :: Graph -> [Int] -> Bool
isTopological g order = and [ pos M.! v < pos M.! w | v <- M.keys g, w <- neighbours g v ]
  where pos = M.fromList (zip order [0 :: Int ..])

components :: Int -> [(Int, Int)] -> [[Int]]
components n edges = go [0 .. n - 1] S.empty
  where
    adj = M.fromListWith (++) (concat [ [(a, [b]), (b, [a])] | (a, b) <- edges ])
    go [] _ = []
    go (v:vs) seen
      | S.member v seen = go vs seen
      | otherwise = let comp = dfs adj v
                    in comp : go vs (S.union seen (S.fromList comp))

main :: IO ()
main = do
  let g = mkGraph 600
      order = topoSort g
  putStrLn ("edges: " ++ show (sum (map length (M.elems g))))
  print (take 15 (dfs g 0))
  print (take 15 order)
  print (isTopological g order)
  print (map (reachableCount g) [0, 100, 300, 590])
  let lp = longestPath g order
  print (maximum (M.elems lp), M.lookup 0 lp, M.lookup 500 lp)
  let comps = components 200 [ (i, (i * i + 3) `mod` 200) | i <- [0, 5 .. 199] ]
  print (length comps)
  print (take 5 (map length comps))
  print (S.toList (S.map (`mod` 7) (S.fromList order)))
