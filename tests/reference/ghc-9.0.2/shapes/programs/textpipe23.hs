-- text processing pipelines: words/unwords/lines, Data.Char, concatMap, iterate, takeWhile
import Data.Char (toUpper, toLower, isUpper, isLower, isDigit, isSpace, isAlpha, ord, chr)
import Data.List (sort, group, sortOn, isPrefixOf, isSuffixOf, isInfixOf)

text :: String
text = unlines
  [ "The quick brown Fox jumps over the lazy Dog."
  , "  Pack my box with 5 dozen liquor jugs!  "
  , ""
  , "How vexingly quick daft zebras jump; 12 times, 34 times."
  , "Sphinx of black quartz, judge my vow."
  ]

trim :: String -> String
trim = f . f where f = reverse . dropWhile isSpace

wordsOnly :: String -> [String]
wordsOnly = words . map (\c -> if isAlpha c then toLower c else ' ')

numbers :: String -> [Int]
numbers s = case dropWhile (not . isDigit) s of
  [] -> []
  s' -> let (d, rest) = span isDigit s' in read d : numbers rest

swapCase :: Char -> Char
swapCase c
  | isUpper c = toLower c
  | isLower c = toUpper c
  | otherwise = c

acronym :: String -> String
acronym = concatMap (take 1 . map toUpper) . words

shift :: Int -> Char -> Char
shift k c
  | isLower c = rot 'a'
  | isUpper c = rot 'A'
  | otherwise = c
  where rot base = chr (ord base + (ord c - ord base + k) `mod` 26)

collatz :: Int -> [Int]
collatz = takeWhile (/= 1) . iterate (\n -> if even n then n `div` 2 else 3 * n + 1)

main :: IO ()
main = do
  let ls = lines text
  mapM_ (putStrLn . trim) ls
  print (map (length . words) ls)
  let ws = wordsOnly text
  print (length ws, length (filter ((> 4) . length) ws))
  print (take 8 (sortOn negate (map length (group (sort (concat ws))))))
  print [(head g, length g) | g <- group (sort ws), length g > 1]
  putStrLn (map swapCase (head ls))
  putStrLn (unwords (map acronym ls))
  print (concatMap numbers ls, sum (concatMap numbers ls))
  putStrLn (map (shift 3) (ls !! 4))
  putStrLn (map (shift (-3)) (map (shift 3) (ls !! 4)))
  print (filter ("qu" `isPrefixOf`) ws, filter ("s" `isSuffixOf`) ws, filter ("ump" `isInfixOf`) ws)
  print (map (length . collatz) [7, 27, 97], take 12 (collatz 27))
  print (unwords (reverse (words (ls !! 3))))
  let pangram l = all (`elem` map toLower l) ['a' .. 'z']
  print (map pangram ls)
  putStrLn (unlines (map (\l -> show (length l) ++ "|" ++ l) (filter (not . null) ls)))
