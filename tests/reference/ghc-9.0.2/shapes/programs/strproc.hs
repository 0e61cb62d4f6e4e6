-- Line- and word-level text processing with the Data.List string functions.
import Data.List (isPrefixOf, isSuffixOf, isInfixOf, intercalate, dropWhileEnd, sortOn, stripPrefix)
import Data.Char (isSpace, toUpper, isDigit)

document :: String
document = unlines
  [ "# Title: Notes on folds  "
  , "  foldr is lazy in its rest;   "
  , "foldl' is strict in its accumulator."
  , ""
  , "# Section: examples"
  , "key1: value one"
  , "key2:   value two  "
  , "  -- a comment line"
  , "numbers: 10 20 30 40"
  , "# End" ]

trim :: String -> String
trim = dropWhileEnd isSpace . dropWhile isSpace

headers :: [String] -> [String]
headers ls = [ trim (drop 1 l) | l <- ls, "#" `isPrefixOf` l ]

keyValues :: [String] -> [(String, String)]
keyValues ls = [ (k, trim (drop 1 v)) | l <- ls, not ("#" `isPrefixOf` l)
               , let (k, v) = break (== ':') l, not (null v), all (not . isSpace) k ]

justify :: Int -> String -> String
justify n s = let (a, b) = splitAt n s in a ++ replicate (n - length a) '.' ++ (if null b then "" else "~")

columns :: [String] -> [String] -> [String] -> [String]
columns = zipWith3 (\a b c -> intercalate " | " [a, b, c])

capitalise :: String -> String
capitalise = unwords . map cap . words
  where cap (c:cs) = toUpper c : cs
        cap [] = []

main :: IO ()
main = do
  let ls = lines document
  mapM_ putStrLn (headers ls)
  mapM_ print (keyValues ls)
  putStr (unlines (map (justify 12 . trim) (take 4 ls)))
  mapM_ putStrLn (columns ["a", "bb", "ccc"] ["1", "22", "333"] ["x", "y", "z"])
  putStrLn (capitalise "the quick  brown fox")
  let (digits, rest) = span isDigit "2024-rest of it"
  print (digits, rest, stripPrefix "key" "key42", stripPrefix "x" "key")
  print (filter ("value" `isInfixOf`) ls, filter ("  " `isSuffixOf`) ls)
  print (sortOn length (words "one three five seven eleven two"))
  let wordsAll = concat (replicate 80 (words document))
      long = [ w | w <- wordsAll, length w > 4 ]
  print (length wordsAll, length long)
  print (length (unlines (map (capitalise . trim) (concat (replicate 60 ls)))))
  print (sum [ length (intercalate ", " (words l)) | l <- concat (replicate 100 ls) ])
