type Cell = (Int, Int)
type Board = [Cell]

size :: Int
size = 12

neighbours :: Cell -> [Cell]
neighbours (x, y) =
  [ (x + dx, y + dy) | dx <- [-1, 0, 1], dy <- [-1, 0, 1], (dx, dy) /= (0, 0)
  , inside (x + dx, y + dy) ]
  where inside (a, b) = a >= 0 && a < size && b >= 0 && b < size

alive :: Board -> Cell -> Bool
alive b c = c `elem` b

liveNeighbours :: Board -> Cell -> Int
liveNeighbours b = length . filter (alive b) . neighbours

step :: Board -> Board
step b = [ (x, y) | x <- [0 .. size - 1], y <- [0 .. size - 1], rule (x, y) ]
  where
    rule c
      | alive b c = liveNeighbours b c `elem` [2, 3]
      | otherwise = liveNeighbours b c == 3

render :: Board -> [String]
render b = [ [ if alive b (x, y) then '#' else '.' | y <- [0 .. size - 1] ] | x <- [0 .. size - 1] ]

glider :: Board
glider = [(0, 1), (1, 2), (2, 0), (2, 1), (2, 2)]

blinker :: Board
blinker = [(5, 4), (5, 5), (5, 6)]

main :: IO ()
main = do
  let gens = iterate step (glider ++ blinker)
  mapM_ putStrLn (render (gens !! 4))
  print (map length (take 10 gens))
  print (gens !! 9)
