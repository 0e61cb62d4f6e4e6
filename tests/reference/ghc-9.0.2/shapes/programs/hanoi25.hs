-- Towers of Hanoi and a coin game in Control.Monad.State: records as state, forM_, when, gets
import Control.Monad.State
import qualified Data.Map as M
import Data.List (intercalate)

data Towers = Towers { pegs :: M.Map Char [Int], moves :: Int, log_ :: [String] }

move :: Char -> Char -> State Towers ()
move from to = do
  t <- get
  let (d : rest) = pegs t M.! from
      ps = M.insert from rest (M.adjust (d :) to (pegs t))
      n = moves t + 1
  put t { pegs = ps, moves = n, log_ = if n <= 8 then (show d ++ ":" ++ [from, '>', to]) : log_ t else log_ t }

hanoi :: Int -> Char -> Char -> Char -> State Towers ()
hanoi 0 _ _ _ = return ()
hanoi n a b c = do
  hanoi (n - 1) a c b
  move a c
  hanoi (n - 1) b a c

solve :: Int -> Towers
solve n = execState (hanoi n 'A' 'B' 'C') (Towers (M.fromList [('A', [1 .. n]), ('B', []), ('C', [])]) 0 [])

-- a take-away game: players alternately take 1..3 stones; state holds the pile and a history
data Game = Game { pile :: Int, turn :: Int, history :: [(Int, Int)] }

strategy :: Int -> Int -> Int
strategy player n
  | player == 0 = let r = n `mod` 4 in if r == 0 then 1 else r
  | otherwise = min n (1 + n `mod` 3)

play :: State Game Int
play = do
  n <- gets pile
  if n == 0
    then gets (\g -> 1 - turn g)
    else do
      p <- gets turn
      let k = strategy p n
      modify (\g -> g { pile = n - k, turn = 1 - p, history = (p, k) : history g })
      play

tally :: [Int] -> State (M.Map Int Int) ()
tally xs = forM_ xs $ \x -> do
  m <- get
  when (x `mod` 3 /= 0) $ put (M.insertWith (+) (x `mod` 5) 1 m)

main :: IO ()
main = do
  let t = solve 10
  print (moves t, M.toList (pegs t))
  putStrLn (intercalate " " (reverse (log_ t)))
  print (map (moves . solve) [1 .. 8])
  forM_ [10, 13, 21, 40] $ \n -> do
    let (winner, g) = runState play (Game n 0 [])
    putStrLn ("pile " ++ show n ++ ": player " ++ show winner ++ " wins in " ++ show (length (history g)) ++ " moves")
  print (M.toList (execState (tally [1 .. 200]) M.empty))
  print (evalState (replicateM 5 (state (\s -> (s * s, s + 1)))) 3)
