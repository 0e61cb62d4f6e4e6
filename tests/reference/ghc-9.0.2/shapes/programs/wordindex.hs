-- Word counts in an association list over a generated text whose words are kept.
import Data.List (sortBy, foldl')
import Data.Char (toUpper)

gen :: Int -> [String]
gen n = [ show ((i * 7919) `mod` 997) ++ suffix i | i <- [1 .. n] ]
  where suffix i = if even i then "a" else "bc"

bump :: String -> [(String, Int)] -> [(String, Int)]
bump w [] = [(w, 1)]
bump w ((k, c) : rest)
  | w == k = (k, c + 1) : rest
  | otherwise = (k, c) : bump w rest

main :: IO ()
main = do
  let text = unwords (gen 6000)
      ws = words text
  print (length text)
  print (length ws)
  let counts = foldl' (flip bump) [] ws
  print (length counts)
  let top = take 5 (sortBy (\(_, a) (_, b) -> compare b a) counts)
  mapM_ (\(w, c) -> putStrLn (map toUpper w ++ " " ++ show c)) top
  print (sum (map length ws))
