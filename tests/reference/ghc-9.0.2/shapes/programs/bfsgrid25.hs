-- BFS on a maze given as strings, with a two-list queue, Data.Set visited and path recovery
import qualified Data.Set as S
import qualified Data.Map as M
import Data.Maybe (fromMaybe)

data Queue a = Queue [a] [a]

emptyQueue :: Queue a
emptyQueue = Queue [] []

enqueue :: a -> Queue a -> Queue a
enqueue x (Queue f b) = Queue f (x : b)

dequeue :: Queue a -> Maybe (a, Queue a)
dequeue (Queue [] []) = Nothing
dequeue (Queue [] b) = dequeue (Queue (reverse b) [])
dequeue (Queue (x : f) b) = Just (x, Queue f b)

type Pos = (Int, Int)

maze :: [String]
maze =
  [ "##########################"
  , "#S.....#.........#.......#"
  , "#.####.#.#######.#.#####.#"
  , "#.#....#.#.....#...#...#.#"
  , "#.#.####.#.###.#####.#.#.#"
  , "#.#......#...#.......#...#"
  , "#.########.#.#########.###"
  , "#..........#...........#E#"
  , "##########################" ]

cell :: Pos -> Char
cell (r, c) = (maze !! r) !! c

findChar :: Char -> Pos
findChar ch = head [(r, c) | (r, row) <- zip [0 ..] maze, (c, x) <- zip [0 ..] row, x == ch]

neighbours :: Pos -> [Pos]
neighbours (r, c) = [p | p <- [(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)], cell p /= '#']

bfs :: Pos -> Pos -> Maybe [Pos]
bfs start goal = go (enqueue start emptyQueue) (S.singleton start) M.empty
  where
    go q seen parent = case dequeue q of
      Nothing -> Nothing
      Just (p, q')
        | p == goal -> Just (reverse (walk p))
        | otherwise ->
            let next = [n | n <- neighbours p, not (S.member n seen)]
                seen' = foldr S.insert seen next
                parent' = foldr (\n -> M.insert n p) parent next
                q'' = foldl (flip enqueue) q' next
            in go q'' seen' parent'
      where walk p = p : maybe [] walk (M.lookup p parent)

render :: [Pos] -> [String]
render path = [[mark (r, c) x | (c, x) <- zip [0 ..] row] | (r, row) <- zip [0 ..] maze]
  where onPath = S.fromList path
        mark p x | x == '.' && S.member p onPath = '*'
                 | otherwise = x

reachable :: Pos -> Int
reachable start = go [start] (S.singleton start)
  where go [] seen = S.size seen
        go (p : ps) seen = let new = filter (`S.notMember` seen) (neighbours p)
                           in go (ps ++ new) (foldr S.insert seen new)

main :: IO ()
main = do
  let s = findChar 'S'
      e = findChar 'E'
  print (s, e)
  case bfs s e of
    Nothing -> putStrLn "no path"
    Just path -> do
      print (length path - 1)
      mapM_ putStrLn (render path)
  print (reachable s, fromMaybe [] (fmap (take 5) (bfs s (3, 10))))
  print (fmap length (bfs (1, 24) (5, 1)))
