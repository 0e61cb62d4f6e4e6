import Data.Char (toLower, isAlpha)
import Data.List (sort, group, sortBy)

text :: String
text = unlines
  [ "The quick brown fox jumps over the lazy dog."
  , "The dog barks; the fox runs away, quick as the wind."
  , "A lazy afternoon: the dog sleeps, the fox watches."
  , "Quick thinking saves the day, said the old brown owl."
  ]

normalize :: String -> String
normalize = map toLower . filter (\c -> isAlpha c || c == ' ' || c == '\n')

frequencies :: [String] -> [(String, Int)]
frequencies ws = map (\g -> (head g, length g)) (group (sort ws))

byCount :: (String, Int) -> (String, Int) -> Ordering
byCount (a, x) (b, y)
  | x /= y = compare y x
  | otherwise = compare a b

histogram :: [(String, Int)] -> [String]
histogram = map line
  where
    line (w, n) = w ++ replicate (10 - length w) ' ' ++ replicate n '*'

capitalize :: String -> String
capitalize [] = []
capitalize (c:cs) = toEnum (fromEnum c - 32) : cs

lineStats :: String -> (Int, Int, Int)
lineStats l = (length (words l), length l, length (filter (== 'e') l))

main :: IO ()
main = do
  let ws = words (normalize text)
      freq = sortBy byCount (frequencies ws)
  print (length ws)
  mapM_ putStrLn (histogram (take 6 freq))
  print (map fst (filter ((== 1) . snd) freq))
  putStrLn (unwords (map capitalize (take 5 ws)))
  mapM_ (print . lineStats) (lines text)
  let longest = foldr (\w best -> if length w > length best then w else best) "" ws
  putStrLn longest
  print (sum [length w | w <- ws, length w > 3])
  let big = concat (replicate 30 text)
  print (length (words big), length (lines big))
  print (take 3 (reverse (sortBy byCount (frequencies (words (normalize big))))))
