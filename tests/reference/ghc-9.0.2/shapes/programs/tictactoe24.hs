-- Tic-tac-toe by minimax over a list board
import Data.List (maximumBy, minimumBy, intercalate)
import Data.Ord (comparing)

data Cell = X | O | E deriving (Eq, Show)
type Board = [Cell]

wins :: [[Int]]
wins = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]]

winner :: Board -> Maybe Cell
winner b = case [c | [i, j, k] <- wins, let c = b !! i, c /= E, c == b !! j, c == b !! k] of
  (c : _) -> Just c
  [] -> Nothing

moves :: Board -> [Int]
moves b = [i | (i, E) <- zip [0 ..] b]

play :: Cell -> Int -> Board -> Board
play p i b = take i b ++ [p] ++ drop (i + 1) b

other :: Cell -> Cell
other X = O
other O = X
other E = E

score :: Cell -> Board -> Int
score p b = case winner b of
  Just w | w == X -> 1
         | otherwise -> -1
  Nothing | null (moves b) -> 0
          | p == X -> maximum [score O (play X m b) | m <- moves b]
          | otherwise -> minimum [score X (play O m b) | m <- moves b]

best :: Cell -> Board -> Int
best p b = pick (comparing snd) [(m, score (other p) (play p m b)) | m <- moves b]
  where pick = if p == X then fst .: maximumBy else fst .: minimumBy
        (.:) f g x y = f (g x y)

render :: Board -> String
render b = intercalate "\n" [concatMap sh (take 3 (drop r b)) | r <- [0, 3, 6]]
  where sh X = "X"
        sh O = "O"
        sh E = "."

game :: Cell -> Board -> [Board]
game p b
  | winner b /= Nothing || null (moves b) = [b]
  | otherwise = b : game (other p) (play p (best p b) b)

main :: IO ()
main = do
  let start = [X, E, E, E, O, E, E, E, E]
  let g = game X start
  mapM_ (\b -> putStrLn (render b) >> putStrLn "") g
  print (winner (last g), length g)
  print (score O [X, O, X, E, E, E, E, E, E], best O [X, E, E, E, E, E, E, E, E])
