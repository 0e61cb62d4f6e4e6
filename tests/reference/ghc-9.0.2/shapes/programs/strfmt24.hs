-- Text tables: padding, transpose, string gaps and escapes, Numeric's showHex/showFFloat
import Data.List (transpose, intercalate)
import Numeric (showHex, showOct, showFFloat)

padRight, padLeft :: Int -> String -> String
padRight n s = s ++ replicate (n - length s) ' '
padLeft n s = replicate (n - length s) ' ' ++ s

table :: [[String]] -> String
table rows = unlines (sep : fmt (head rows) : sep : map fmt (tail rows) ++ [sep])
  where
    ws = map (maximum . map length) (transpose rows)
    fmt r = "| " ++ intercalate " | " (zipWith padRight ws r) ++ " |"
    sep = "+" ++ intercalate "+" [replicate (w + 2) '-' | w <- ws] ++ "+"

banner :: String
banner = "profkit \
         \report\tv1\n\"quoted\" \\ backslash \x41\66\o103 \1234"

wrap :: Int -> String -> [String]
wrap n = go [] 0 . words
  where go acc _ [] = [unwords (reverse acc) | not (null acc)]
        go acc k (w : ws)
          | k + length w + (if null acc then 0 else 1) > n && not (null acc) = unwords (reverse acc) : go [w] (length w) ws
          | otherwise = go (w : acc) (k + length w + (if null acc then 0 else 1)) ws

main :: IO ()
main = do
  let rows = ["n", "square", "hex", "oct", "sqrt"] :
             [[show n, show (n * n), showHex n "", showOct n "", showFFloat (Just 3) (sqrt (fromIntegral n) :: Double) ""] | n <- [1, 7 .. 100 :: Int]]
  putStr (table rows)
  putStrLn banner
  print banner
  print (show "tab\there", "\955x", '\t', "\SOH\DEL", ['\200', 'é'])
  putStrLn (map (\c -> if c == '\n' then '/' else c) "a\nb\nc")
  let text = concat (replicate 30 "the quick brown fox jumps over the lazy dog ")
  mapM_ (putStrLn . padLeft 40) (take 4 (wrap 38 text))
  print (length (wrap 20 text), map length (wrap 25 text))
  print (showFFloat (Just 2) (3.14159 :: Double) "", showFFloat Nothing (2.5 :: Double) "", showHex (255 :: Int) "h")
