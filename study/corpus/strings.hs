module Main (main) where

import Data.Char (toUpper, isAlpha, ord, chr)

-- Strings: split into words, a Caesar shift, capitalisation, counting letters.
text :: String
text = "the quick brown fox jumps over the lazy dog while profilers count every cons cell"

shift :: Int -> Char -> Char
shift k c
  | isAlpha c = chr ((ord c - ord 'a' + k) `mod` 26 + ord 'a')
  | otherwise = c

capitalise :: String -> String
capitalise [] = []
capitalise (c : cs) = toUpper c : cs

vowels :: String -> Int
vowels s = length (filter (\c -> c `elem` "aeiou") s)

main :: IO ()
main = do
  let ws = words (concat (replicate 6 (text ++ " ")))
      coded = map (map (shift 3)) ws
  putStrLn (unwords (map capitalise (take 9 coded)))
  putStrLn ("words " ++ show (length ws))
  putStrLn ("vowels " ++ show (sum (map vowels ws)))
  putStrLn ("longest " ++ show (maximum (map length ws)))
