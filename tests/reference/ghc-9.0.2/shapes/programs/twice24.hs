-- A large list retained because it is used twice: rows parsed from a generated text are
-- counted first, then searched for the best score, so every row stays live between.
data Row = Row { rid :: !Int, name :: String, score :: Int }

csv :: Int -> String
csv n = unlines [show i ++ "," ++ "item" ++ show (i `mod` 97) ++ "," ++ show ((i * 7919) `mod` 1000)
                | i <- [1 .. n]]

splitOn :: Char -> String -> [String]
splitOn c s = case break (== c) s of
  (a, []) -> [a]
  (a, _ : rest) -> a : splitOn c rest

parse :: String -> Row
parse l = case splitOn ',' l of
  [a, b, c] -> Row (read a) b (read c)
  _ -> error ("bad row: " ++ l)

main :: IO ()
main = do
  let rows = map parse (lines (csv 4000))
  print (length rows)
  let best = foldr (\r b -> if score r > score b then r else b) (head rows) rows
  putStrLn (name best ++ " " ++ show (rid best) ++ " " ++ show (score best))
  print (length (filter ((> 500) . score) rows))
