-- Log parsing with span/break/groupBy/sortOn/concatMap
module Main where

import Data.Char (isDigit, isSpace)
import Data.List (groupBy, sortOn, isInfixOf, foldl')
import Data.Function (on)
import qualified Data.Map as M

data Level = Debug | Info | Warn | Error deriving (Show, Eq, Ord, Read)

data Entry = Entry { time :: (Int, Int, Int), level :: Level, component :: String, message :: String }
  deriving Show

parseTime :: String -> (Int, Int, Int)
parseTime s = case break (== ':') s of
  (h, _:rest) -> case break (== ':') rest of
    (m, _:sec) -> (read h, read m, read sec)
    (m, []) -> (read h, read m, 0)
  _ -> (0, 0, 0)

parseLine :: String -> Maybe Entry
parseLine l = case words l of
  (t:lv:comp:rest) | all (\c -> isDigit c || c == ':') t && last comp == ':' ->
      Just (Entry (parseTime t) (read lv) (init comp) (unwords rest))
  _ -> Nothing

logText :: [String]
logText = concatMap mk [0 .. 199 :: Int]
  where
    mk i = [ stamp i ++ " " ++ lvl i ++ " " ++ comp i ++ ": " ++ msg i ] ++ [ "  at frame " ++ show i | i `mod` 17 == 0 ]
    stamp i = let s = 3600 * 9 + i * 37 in pad (s `div` 3600) ++ ":" ++ pad (s `div` 60 `mod` 60) ++ ":" ++ pad (s `mod` 60)
    pad n = if n < 10 then '0' : show n else show n
    lvl i | i `mod` 17 == 0 = "Error" | i `mod` 7 == 0 = "Warn" | i `mod` 3 == 0 = "Debug" | otherwise = "Info"
    comp i = ["db", "http", "cache", "auth"] !! (i `mod` 4)
    msg i = case i `mod` 5 of
      0 -> "request " ++ show i ++ " took " ++ show (i * 13 `mod` 250) ++ "ms"
      1 -> "cache miss for key" ++ show (i `mod` 9)
      2 -> "user u" ++ show (i `mod` 11) ++ " logged in"
      3 -> "timeout after " ++ show (i `mod` 30) ++ "s"
      _ -> "ok"

durations :: [Entry] -> [Int]
durations es = [read (takeWhile isDigit d) | e <- es, "took" `isInfixOf` message e,
                let (_, rest) = break (== "took") (words (message e)), d <- take 1 (drop 1 rest)]

main :: IO ()
main = do
  let (entries, junk) = foldr (\l (es, js) -> maybe (es, l : js) (\e -> (e : es, js)) (parseLine l)) ([], []) logText
  print (length entries, length junk, head junk)
  let byLevel = M.fromListWith (+) [(level e, 1 :: Int) | e <- entries]
  print (M.toList byLevel)
  let groups = groupBy ((==) `on` component) (sortOn component entries)
  mapM_ (\g -> putStrLn (component (head g) ++ " " ++ show (length g) ++ " " ++ show (maximum (map level g)))) groups
  let ds = durations entries
  print (length ds, sum ds, maximum ds)
  let hours = groupBy ((==) `on` (\e -> let (h, _, _) = time e in h)) entries
  print (map (\g -> let (h, _, _) = time (head g) in (h, length g)) hours)
  let (warm, rest) = span ((< Warn) . level) entries
  print (length warm, time (head rest))
  let spans = map (\w -> let (a, b) = break isSpace w in (a, length b)) (take 4 (map message entries))
  print spans
  print (foldl' (\acc e -> if level e == Error then message e : acc else acc) [] entries)
