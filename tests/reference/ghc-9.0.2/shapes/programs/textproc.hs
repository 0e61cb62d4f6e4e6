import Data.Char (toLower, toUpper, isAlpha, isSpace, isDigit)
import Data.List (sortOn, group, sort, isPrefixOf, intercalate)
import Data.Maybe (mapMaybe, fromMaybe)

corpus :: String
corpus = unlines
  [ "# config for the service"
  , "name = profkit demo"
  , "port = 8080"
  , "retries = 3"
  , "timeout=2500"
  , "verbose = yes"
  , "bad line here"
  , "# the end"
  , "ratio = 0.75"
  , "owner = The Quick Brown Fox jumps over the lazy dog"
  ]

trim :: String -> String
trim = dropWhileEnd' isSpace . dropWhile isSpace
  where dropWhileEnd' p = reverse . dropWhile p . reverse

parseLine :: String -> Either String (String, String)
parseLine l
  | "#" `isPrefixOf` l = Left ("comment: " ++ drop 2 l)
  | otherwise = case break (== '=') l of
      (k, '=' : v) -> Right (trim k, trim v)
      _ -> Left ("no '=' in " ++ show l)

lookupInt :: String -> [(String, String)] -> Maybe Int
lookupInt k kvs = do
  v <- lookup k kvs
  if all isDigit v then Just (read v) else Nothing

capitalise :: String -> String
capitalise [] = []
capitalise (c : cs) = toUpper c : map toLower cs

wordFreq :: String -> [(String, Int)]
wordFreq s = take 5 (sortOn (\(w, n) -> (negate n, w)) counts)
  where counts = map (\g -> (head g, length g)) (group (sort ws))
        ws = words (map (\c -> if isAlpha c then toLower c else ' ') s)

rot13 :: String -> String
rot13 = map r
  where r c | c >= 'a' && c <= 'z' = rot 'a' c
            | c >= 'A' && c <= 'Z' = rot 'A' c
            | otherwise = c
        rot b c = toEnum ((fromEnum c - fromEnum b + 13) `mod` 26 + fromEnum b)

isPalindrome :: String -> Bool
isPalindrome s = cleaned == reverse cleaned
  where cleaned = [toLower c | c <- s, isAlpha c]

main :: IO ()
main = do
  let parsed = map parseLine (lines corpus)
      kvs = [kv | Right kv <- parsed]
  mapM_ putStrLn [e | Left e <- parsed]
  print kvs
  print (lookupInt "port" kvs, lookupInt "timeout" kvs, lookupInt "verbose" kvs)
  print (fromMaybe 0 (lookupInt "retries" kvs) * 2)
  putStrLn (unwords (map capitalise (words (fromMaybe "" (lookup "owner" kvs)))))
  print (wordFreq (concat (replicate 20 corpus)))
  putStrLn (rot13 (rot13 "Hello, World!") ++ " / " ++ rot13 "Hello, World!")
  print (filter isPalindrome ["A man, a plan, a canal: Panama", "hello", "Was it a car or a cat I saw", "racecar"])
  putStrLn (intercalate ", " (mapMaybe (\(k, v) -> if length v > 3 then Just k else Nothing) kvs))
