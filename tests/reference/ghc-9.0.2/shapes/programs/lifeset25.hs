-- Conway's life on a Data.Set of live cells, with a glider and a blinker, and rule 30 on lists
import qualified Data.Set as Set
import Data.List (intercalate)

type Cell = (Int, Int)

step :: Set.Set Cell -> Set.Set Cell
step live = Set.fromList [c | c <- candidates, rule c]
  where
    candidates = Set.toList live ++ concatMap neighbours (Set.toList live)
    rule c
      | Set.member c live = n == 2 || n == 3
      | otherwise = n == 3
      where n = length (filter (`Set.member` live) (neighbours c))

neighbours :: Cell -> [Cell]
neighbours (x, y) = [(x + dx, y + dy) | dx <- [-1, 0, 1], dy <- [-1, 0, 1], (dx, dy) /= (0, 0)]

draw :: Int -> Int -> Set.Set Cell -> String
draw w h live = intercalate "\n" [[if Set.member (x, y) live then '#' else '.' | x <- [0 .. w - 1]] | y <- [0 .. h - 1]]

glider :: Set.Set Cell
glider = Set.fromList [(1, 0), (2, 1), (0, 2), (1, 2), (2, 2)]

rpentomino :: Set.Set Cell
rpentomino = Set.fromList [(11, 10), (12, 10), (10, 11), (11, 11), (11, 12)]

rule30 :: [Bool] -> [Bool]
rule30 cells = zipWith3 f (False : cells) cells (tail cells ++ [False])
  where f l c r = l /= (c || r)

showRow :: [Bool] -> String
showRow = map (\b -> if b then 'X' else ' ')

bounds :: Set.Set Cell -> ((Int, Int), (Int, Int))
bounds s = ((minimum xs, minimum ys), (maximum xs, maximum ys))
  where xs = map fst (Set.toList s)
        ys = map snd (Set.toList s)

main :: IO ()
main = do
  let gens = iterate step glider
  putStrLn (draw 6 6 (gens !! 4))
  putStrLn ""
  print (Set.toList (gens !! 8))
  let r = iterate step rpentomino
  print (map Set.size (take 30 r))
  print (bounds (r !! 29))
  let start = replicate 20 False ++ [True] ++ replicate 20 False
  mapM_ (putStrLn . showRow) (take 16 (iterate rule30 start))
  print (length (filter id (concat (take 40 (iterate rule30 (replicate 40 False ++ [True] ++ replicate 40 False))))))
