-- Text processing: a small markdown-to-HTML converter with words/lines/Data.Char
module Main where

import Data.Char (isSpace, isDigit, isAlpha, toLower, isUpper)
import Data.List (isPrefixOf, intercalate)

data Block = H Int String | P [String] | UL [String] | OL [String] | Code [String] | HR
  deriving Show

trim :: String -> String
trim = dropWhileEnd' isSpace . dropWhile isSpace
  where dropWhileEnd' p = reverse . dropWhile p . reverse

blocks :: [String] -> [Block]
blocks [] = []
blocks (l:ls)
  | all isSpace l = blocks ls
  | "```" `isPrefixOf` l = let (code, rest) = break ("```" `isPrefixOf`) ls
                           in Code code : blocks (drop 1 rest)
  | "---" == trim l = HR : blocks ls
  | "#" `isPrefixOf` l = let (hs, t) = span (== '#') l in H (length hs) (trim t) : blocks ls
  | "- " `isPrefixOf` l = let (is, rest) = span ("- " `isPrefixOf`) (l : ls)
                          in UL (map (drop 2) is) : blocks rest
  | isOrdered l = let (is, rest) = span isOrdered (l : ls)
                  in OL (map (trim . drop 1 . dropWhile isDigit) is) : blocks rest
  | otherwise = let (ps, rest) = break endsPara (l : ls) in P (map trim ps) : blocks rest
  where
    isOrdered s = case span isDigit s of
      (ds@(_:_), '.':_) -> length ds < 4
      _ -> False
    endsPara s = all isSpace s || "#" `isPrefixOf` s || "- " `isPrefixOf` s || "```" `isPrefixOf` s

inline :: String -> String
inline [] = []
inline ('*':'*':s) = let (b, r) = breakOn "**" s in "<b>" ++ inline b ++ "</b>" ++ inline r
inline ('*':s) = let (b, r) = breakOn "*" s in "<i>" ++ inline b ++ "</i>" ++ inline r
inline ('`':s) = let (b, r) = break (== '`') s in "<code>" ++ escape b ++ "</code>" ++ inline (drop 1 r)
inline (c:s) = escape [c] ++ inline s

breakOn :: String -> String -> (String, String)
breakOn pat s = go [] s
  where go acc r@(c:cs) | pat `isPrefixOf` r = (reverse acc, drop (length pat) r)
                        | otherwise = go (c : acc) cs
        go acc [] = (reverse acc, [])

escape :: String -> String
escape = concatMap esc
  where esc '<' = "&lt;"
        esc '>' = "&gt;"
        esc '&' = "&amp;"
        esc c = [c]

html :: Block -> String
html (H n t) = "<h" ++ show n ++ " id=\"" ++ slug t ++ "\">" ++ inline t ++ "</h" ++ show n ++ ">"
html (P ls) = "<p>" ++ inline (unwords ls) ++ "</p>"
html (UL is) = "<ul>" ++ concatMap (\i -> "<li>" ++ inline i ++ "</li>") is ++ "</ul>"
html (OL is) = "<ol>" ++ concatMap (\i -> "<li>" ++ inline i ++ "</li>") is ++ "</ol>"
html (Code ls) = "<pre>" ++ intercalate "\n" (map escape ls) ++ "</pre>"
html HR = "<hr/>"

slug :: String -> String
slug = intercalate "-" . words . map toLower . filter (\c -> isAlpha c || isSpace c || isDigit c)

doc :: String
doc = unlines
  [ "# Release *Notes* 2", "", "This is **bold** and *it* with `a<b`.", "Second line & more."
  , "", "## Changes", "- fixed the `parser`", "- **faster** output", "- A & B"
  , "1. first", "2. second step", "10. tenth", "", "```", "main = print (1 < 2)", "```"
  , "---", "Plain ending paragraph with CAPS Words." ]

main :: IO ()
main = do
  let bs = blocks (lines doc)
  mapM_ print bs
  mapM_ (putStrLn . html) bs
  let big = concat (replicate 30 doc)
      out = concatMap html (blocks (lines big))
  print (length out, length (words big), length (filter isUpper big))
  print (map slug ["Hello, World!", "  a  b  c ", "Section 3.1 Intro"])
