-- a small 4x4 sudoku solver by backtracking over the list of empty cells
import Data.List (transpose, nub, (\\))

type Grid = [[Int]]

rows, cols, boxes :: Grid -> [[Int]]
rows = id
cols = transpose
boxes g = [concat [take 2 (drop c r) | r <- take 2 (drop r0 g)] | r0 <- [0, 2], c <- [0, 2]]

valid :: Grid -> Bool
valid g = all ok (rows g) && all ok (cols g) && all ok (boxes g)
  where ok xs = let ys = filter (/= 0) xs in length ys == length (nub ys)

empties :: Grid -> [(Int, Int)]
empties g = [(r, c) | (r, row) <- zip [0 ..] g, (c, v) <- zip [0 ..] row, v == 0]

set :: Grid -> (Int, Int) -> Int -> Grid
set g (r, c) v = [[if (i, j) == (r, c) then v else x | (j, x) <- zip [0 ..] row]
                 | (i, row) <- zip [0 ..] g]

candidates :: Grid -> (Int, Int) -> [Int]
candidates g (r, c) = [1 .. 4] \\ (g !! r ++ map (!! c) g ++ box)
  where box = boxes g !! (2 * (r `div` 2) + c `div` 2)

solve :: Grid -> [Grid]
solve g = case empties g of
  [] -> [g]
  (p : _) -> concat [solve (set g p v) | v <- candidates g p]

display :: Grid -> String
display = unlines . map (unwords . map cell)
  where cell 0 = "."
        cell n = show n

main :: IO ()
main = do
  let puzzles = [ [[1, 0, 0, 0], [0, 0, 3, 0], [0, 4, 0, 0], [0, 0, 0, 2]]
                , [[0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]]
                , [[1, 1, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]] ]
  mapM_ (\p -> do
          putStr (display p)
          print (valid p)
          let sols = solve p
          print (length sols)
          mapM_ (putStr . display) (take 1 sols)
          putStrLn "--") puzzles
