module Main (main) where

-- Backtracking search with list comprehensions: placements of n queens.
safe :: Int -> [Int] -> Bool
safe q qs = and [q /= c && abs (q - c) /= d | (d, c) <- zip [1 ..] qs]

queens :: Int -> Int -> [[Int]]
queens n 0 = [[]]
queens n k = [q : qs | qs <- queens n (k - 1), q <- [1 .. n], safe q qs]

main :: IO ()
main = do
  let sols = queens 6 6
  putStrLn ("solutions " ++ show (length sols))
  putStrLn ("first " ++ unwords (map show (head sols)))
