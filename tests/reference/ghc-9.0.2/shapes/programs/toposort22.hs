-- topological sort (Kahn) and BFS distances over a Data.Map adjacency map
import qualified Data.Map as M
import Data.Maybe (fromMaybe)
import Data.List (foldl')

type Graph = M.Map String [String]

mkGraph :: [(String, String)] -> Graph
mkGraph es = M.unionWith (++) (M.fromListWith (++) [(a, [b]) | (a, b) <- es])
                              (M.fromList [(b, []) | (_, b) <- es])

indegrees :: Graph -> M.Map String Int
indegrees g = foldl' bump (M.map (const 0) g) (concat (M.elems g))
  where bump m v = M.insertWith (+) v 1 m

topo :: Graph -> Maybe [String]
topo g = go (indegrees g) [v | (v, 0) <- M.toList (indegrees g)] []
  where
    go deg [] acc
      | length acc == M.size g = Just (reverse acc)
      | otherwise = Nothing
    go deg (v:queue) acc =
      let succs = fromMaybe [] (M.lookup v g)
          deg' = foldr (M.adjust (subtract 1)) deg succs
          ready = [s | s <- succs, M.lookup s deg' == Just 0]
      in go deg' (queue ++ ready) (v : acc)

bfs :: Graph -> String -> M.Map String Int
bfs g start = loop (M.singleton start 0) [start]
  where
    loop seen [] = seen
    loop seen (v:rest) =
      let d = seen M.! v
          new = [w | w <- M.findWithDefault [] v g, not (M.member w seen)]
          seen' = foldr (\w m -> M.insert w (d + 1) m) seen new
      in loop seen' (rest ++ new)

chain :: Int -> [(String, String)]
chain n = [(node i, node j) | i <- [1 .. n], j <- [i + 1, i * 2, i * 3], j <= n]
  where node k = 'n' : show k

main :: IO ()
main = do
  let deps = [ ("shirt", "tie"), ("tie", "jacket"), ("trousers", "shoes")
             , ("underwear", "trousers"), ("underwear", "shoes"), ("socks", "shoes")
             , ("trousers", "belt"), ("belt", "jacket"), ("shirt", "belt") ]
      g = mkGraph deps
  print (topo g)
  print (topo (M.insertWith (++) "jacket" ["shirt"] g))
  print (M.toList (bfs g "underwear"))
  let big = mkGraph (chain 300)
  print (fmap (take 10) (topo big))
  let ds = bfs big "n1"
  print (M.size ds, maximum (M.elems ds))
  print (M.lookup "n297" ds, M.lookup "n256" ds)
