-- Breadth-first search over a grid graph with a two-list queue and a Set of visited
-- cells: the frontier grows, then the visited set holds every cell.
import qualified Data.Set as Set

type Cell = (Int, Int)

data Queue = Queue [(Cell, Int)] [(Cell, Int)]

push :: (Cell, Int) -> Queue -> Queue
push x (Queue f b) = Queue f (x : b)

pop :: Queue -> Maybe ((Cell, Int), Queue)
pop (Queue [] []) = Nothing
pop (Queue [] b) = pop (Queue (reverse b) [])
pop (Queue (x : f) b) = Just (x, Queue f b)

open :: Int -> Cell -> Bool
open n (x, y) = x >= 0 && y >= 0 && x < n && y < n && (x * 3 + y * 5) `mod` 7 /= 0

bfs :: Int -> Set.Set Cell -> Queue -> Int -> Int
bfs n seen q far = case pop q of
  Nothing -> far
  Just ((c@(x, y), d), q') ->
    let next = [p | p <- [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)],
                    open n p, not (Set.member p seen)]
        seen' = foldr Set.insert seen next
        q'' = foldr (\p acc -> push (p, d + 1) acc) q' next
    in bfs n seen' q'' (max far d)

main :: IO ()
main = do
  let n = 50
  print (bfs n (Set.singleton (1, 1)) (Queue [((1, 1), 0)] []) 0)
