import Data.List (intercalate)

roman :: Int -> String
roman 0 = ""
roman n
  | n >= 10 = 'x' : roman (n - 10)
  | n >= 9 = "ix" ++ roman (n - 9)
  | n >= 5 = 'v' : roman (n - 5)
  | n >= 4 = "iv" ++ roman (n - 4)
  | otherwise = 'i' : roman (n - 1)

fill :: Int -> [String] -> [[String]]
fill _ [] = []
fill width ws = line : fill width rest
  where
    (line, rest) = go 0 [] ws
    go _ acc [] = (reverse acc, [])
    go used acc (w:more)
      | null acc = go (length w) [w] more
      | used + 1 + length w <= width = go (used + 1 + length w) (w : acc) more
      | otherwise = (reverse acc, w : more)

justify :: Int -> [String] -> String
justify _ [w] = w
justify width ws = concat (zipWith (++) ws (gaps ++ [""]))
  where
    holes = length ws - 1
    spare = width - sum (map length ws)
    (q, r) = spare `divMod` holes
    gaps = [replicate (q + (if i <= r then 1 else 0)) ' ' | i <- [1 .. holes]]

paragraph :: String
paragraph = unwords (concat (replicate 12 (words "profiling a lazy program shows where the heap goes and which closures keep data alive longer than the code needs it")))

main :: IO ()
main = do
  let ls = fill 38 (words paragraph)
      body = map (justify 38) (init ls) ++ [unwords (last ls)]
      numbered = zipWith (\i l -> let tag = roman i in tag ++ replicate (6 - length tag) ' ' ++ "|" ++ l) [1 ..] body
  mapM_ putStrLn (take 10 numbered)
  print (length ls, maximum (map length body))
  putStrLn (intercalate "," (map (show . length) (take 6 ls)))
  print (sum (scanl (+) 0 (map length body)))
