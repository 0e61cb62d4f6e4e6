-- String building: ShowS difference lists, a bar chart, an HTML-ish table, padding and wrapping
import Data.List (intercalate, transpose)
import Data.Char (toUpper)

type Builder = ShowS

str :: String -> Builder
str = showString

nl :: Builder
nl = showChar '\n'

build :: Builder -> String
build b = b ""

joinB :: Builder -> [Builder] -> Builder
joinB _ [] = id
joinB sep (b : bs) = b . foldr (\x acc -> sep . x . acc) id bs

tag :: String -> Builder -> Builder
tag t inner = str ('<' : t) . showChar '>' . inner . str "</" . str t . showChar '>'

table :: [[String]] -> Builder
table rows = tag "table" (nl . joinB nl [tag "tr" (foldr (\c acc -> tag "td" (str c) . acc) id r) | r <- rows] . nl)

barChart :: [(String, Int)] -> [String]
barChart xs = [padR w name ++ " |" ++ replicate (v * 40 `div` top) '#' ++ " " ++ show v | (name, v) <- xs]
  where w = maximum (map (length . fst) xs)
        top = maximum (map snd xs)

padR, padL :: Int -> String -> String
padR n s = s ++ replicate (n - length s) ' '
padL n s = replicate (n - length s) ' ' ++ s

columns :: [[String]] -> String
columns rows = unlines [intercalate "  " (zipWith pad widths r) | r <- rows]
  where widths = map (maximum . map length) (transpose rows)
        pad w c = if all (`elem` "0123456789.-") c then padL w c else padR w c

wrap :: Int -> String -> [String]
wrap width = go [] 0 . words
  where
    go line _ [] = [unwords (reverse line) | not (null line)]
    go line len (w : ws)
      | null line = go [w] (length w) ws
      | len + 1 + length w > width = unwords (reverse line) : go [w] (length w) ws
      | otherwise = go (w : line) (len + 1 + length w) ws

showsList :: Show a => [a] -> ShowS
showsList xs = showChar '{' . joinB (showString "; ") (map shows xs) . showChar '}'

main :: IO ()
main = do
  putStrLn (build (table [["name", "qty"], ["apple", "3"], ["pear", "12"]]))
  mapM_ putStrLn (barChart [("mon", 12), ("tue", 30), ("wednesday", 7), ("thu", 41), ("fri", 25)])
  putStr (columns [["item", "price", "count"], ["widget", "2.50", "100"], ["gadget", "13.75", "7"], ["doohickey", "0.99", "2500"]])
  let text = "the quick brown fox jumps over the lazy dog " ++ concat (replicate 6 "and then it runs far away into the forest ")
  mapM_ (putStrLn . (\l -> "| " ++ padR 30 l ++ " |")) (wrap 30 text)
  putStrLn (build (showsList [1 .. 12 :: Int] . nl . showsList (words "a bb ccc") . nl . showsList [Just 'x', Nothing]))
  let banner s = let line = replicate (length s + 4) '*' in intercalate "\n" [line, "* " ++ map toUpper s ++ " *", line]
  putStrLn (banner "report done")
  print (length (build (joinB (str ",") (map shows [1 .. 500 :: Int]))))
