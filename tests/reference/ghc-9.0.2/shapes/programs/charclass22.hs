-- Data.Char classification, case conversion and a character histogram
import Data.Char

classify :: Char -> String
classify c
  | isUpper c = "upper"
  | isLower c = "lower"
  | isDigit c = "digit"
  | isSpace c = "space"
  | isPunctuation c = "punct"
  | isSymbol c = "symbol"
  | otherwise = "other"

counts :: String -> [(String, Int)]
counts s = [(k, length (filter ((== k) . classify) s))
           | k <- ["upper", "lower", "digit", "space", "punct", "symbol", "other"]]

rot13 :: Char -> Char
rot13 c
  | isAsciiLower c = shift 'a'
  | isAsciiUpper c = shift 'A'
  | otherwise = c
  where shift base = chr ((ord c - ord base + 13) `mod` 26 + ord base)

titleCase :: String -> String
titleCase = unwords . map cap . words
  where cap (x:xs) = toUpper x : map toLower xs
        cap [] = []

camelToSnake :: String -> String
camelToSnake = concatMap (\c -> if isUpper c then ['_', toLower c] else [c])

isPalindrome :: String -> Bool
isPalindrome s = let t = map toLower (filter isAlphaNum s) in t == reverse t

main :: IO ()
main = do
  let text = "Hello, World! 42 apples + 7 Pears = $49; (tab\there) ~done~"
  print (counts text)
  putStrLn (map rot13 text)
  putStrLn (map rot13 (map rot13 text))
  putStrLn (titleCase "the QUICK bRoWn fox")
  putStrLn (camelToSnake "parseHttpRequestHeaderValue")
  print (map isPalindrome ["A man, a plan, a canal: Panama", "profkit", "No 'x' in Nixon"])
  print (map ord "Az09 ~", map chr [72, 105, 33])
  print (map digitToInt "7fA", map intToDigit [0, 9, 10, 15])
  print (filter isHexDigit "0x1F-zz-beef", filter isOctDigit "0o17-89")
  print (map isLetter "a1 ,", map isControl "\t\n a", map isMark "a")
  print (sum (map ord (concat (replicate 200 text))))
  print (length (filter isAlpha (concatMap show [1 .. 3000 :: Int])), isSeparator ' ')
