-- Dijkstra's shortest paths with a leftist heap as the priority queue and a Data.Map graph
import qualified Data.Map as M
import Data.Maybe (fromMaybe)

data Heap a = Empty | Node Int a (Heap a) (Heap a)

rank :: Heap a -> Int
rank Empty = 0
rank (Node r _ _ _) = r

merge :: Ord a => Heap a -> Heap a -> Heap a
merge Empty h = h
merge h Empty = h
merge h1@(Node _ x l1 r1) h2@(Node _ y _ _)
  | x <= y = make x l1 (merge r1 h2)
  | otherwise = merge h2 h1
  where make v a b
          | rank a >= rank b = Node (rank b + 1) v a b
          | otherwise = Node (rank a + 1) v b a

insert :: Ord a => a -> Heap a -> Heap a
insert x = merge (Node 1 x Empty Empty)

pop :: Ord a => Heap a -> Maybe (a, Heap a)
pop Empty = Nothing
pop (Node _ x l r) = Just (x, merge l r)

fromList :: Ord a => [a] -> Heap a
fromList = foldr insert Empty

heapSort :: Ord a => [a] -> [a]
heapSort = go . fromList
  where go h = maybe [] (\(x, h') -> x : go h') (pop h)

type Graph = M.Map Char [(Char, Int)]

graph :: Graph
graph = M.fromListWith (++) (concat [[(a, [(b, w)]), (b, [(a, w)])] | (a, b, w) <- edges])
  where edges = [('a', 'b', 7), ('a', 'c', 9), ('a', 'f', 14), ('b', 'c', 10), ('b', 'd', 15),
                 ('c', 'd', 11), ('c', 'f', 2), ('d', 'e', 6), ('e', 'f', 9), ('g', 'h', 1)]

dijkstra :: Graph -> Char -> M.Map Char (Int, Char)
dijkstra g src = go (insert (0, src, src) Empty) M.empty
  where
    go h done = case pop h of
      Nothing -> done
      Just ((d, v, from), h')
        | M.member v done -> go h' done
        | otherwise ->
            let nexts = [(d + w, u, v) | (u, w) <- fromMaybe [] (M.lookup v g),
                                         not (M.member u done)]
            in go (foldr insert h' nexts) (M.insert v (d, from) done)

path :: M.Map Char (Int, Char) -> Char -> [Char]
path info = reverse . walk
  where walk v = case M.lookup v info of
          Nothing -> []
          Just (_, p) | p == v -> [v]
                      | otherwise -> v : walk p

main :: IO ()
main = do
  print (heapSort [5, 3, 9, 1, 7, 2, 8, 2, 6 :: Int])
  print (take 10 (heapSort [(x * 37) `mod` 101 | x <- [1 .. 300 :: Int]]))
  let info = dijkstra graph 'a'
  mapM_ (\(v, (d, _)) -> putStrLn (v : ": " ++ show d ++ " via " ++ path info v)) (M.toList info)
  print (M.lookup 'g' info, M.size info)
  let grid = M.fromList [(toEnum (97 + i), [(toEnum (97 + j), abs (i - j) * 3 + (i * j) `mod` 5)
                          | j <- [0 .. 19], j /= i]) | i <- [0 .. 19]]
  print (M.toList (M.map fst (dijkstra grid 'a')))
