-- A config-file reader: sections, key=value lines, comments, typed lookups with Maybe and read
import Data.Char (isSpace, toLower, isDigit)
import Data.List (isPrefixOf, stripPrefix, sortOn)
import Data.Maybe (mapMaybe, fromMaybe, catMaybes, listToMaybe)
import qualified Data.Map as M

type Section = String
type Config = M.Map (Section, String) String

data Value = VInt Int | VBool Bool | VList [String] | VStr String deriving (Show, Eq)

strip :: String -> String
strip = dropWhileEnd' isSpace . dropWhile isSpace
  where dropWhileEnd' p = reverse . dropWhile p . reverse

parseConfig :: String -> Config
parseConfig = go "global" M.empty . lines
  where
    go _ acc [] = acc
    go sec acc (l : ls)
      | null s || "#" `isPrefixOf` s || ";" `isPrefixOf` s = go sec acc ls
      | "[" `isPrefixOf` s && last s == ']' = go (map toLower (init (tail s))) acc ls
      | otherwise = case break (== '=') s of
          (k, '=' : v) -> go sec (M.insert (sec, strip k) (strip v) acc) ls
          _ -> go sec acc ls
      where s = strip l

classify :: String -> Value
classify s
  | not (null s) && all isDigit s = VInt (read s)
  | map toLower s `elem` ["true", "yes", "on"] = VBool True
  | map toLower s `elem` ["false", "no", "off"] = VBool False
  | ',' `elem` s = VList (map strip (splitComma s))
  | otherwise = VStr s
  where splitComma str = case break (== ',') str of
          (a, []) -> [a]
          (a, _ : b) -> a : splitComma b

lookupInt :: Config -> Section -> String -> Maybe Int
lookupInt cfg sec key = do
  raw <- M.lookup (sec, key) cfg
  case classify raw of
    VInt n -> Just n
    _ -> Nothing

lookupWithDefault :: Config -> Section -> String -> Value -> Value
lookupWithDefault cfg sec key def = maybe def classify (M.lookup (sec, key) cfg)

sample :: String
sample = unlines
  [ "# server configuration", "name = demo", "debug = yes", ""
  , "[Server]", "port = 8080", "host = example.org", "workers = 4", "; comment"
  , "timeout=30", "[Database]", "hosts = db1, db2 ,db3", "pool = 16", "ssl = off"
  , "port = 5432x", "[cache]", "size = 1024", "policy = lru", "broken line" ]

main :: IO ()
main = do
  let cfg = parseConfig sample
  mapM_ (\((s, k), v) -> putStrLn (s ++ "." ++ k ++ " = " ++ show (classify v))) (M.toList cfg)
  print (lookupInt cfg "server" "port", lookupInt cfg "database" "port", lookupInt cfg "nope" "x")
  print (lookupWithDefault cfg "server" "retries" (VInt 3), lookupWithDefault cfg "global" "debug" (VBool False))
  let total = sum (catMaybes [lookupInt cfg s "pool" | s <- ["server", "database", "cache"]])
  print total
  print (mapMaybe (\k -> lookupInt cfg "server" k) ["port", "workers", "host", "timeout"])
  print (fromMaybe 0 (listToMaybe (mapMaybe (lookupInt cfg "cache") ["missing", "size"])))
  print (stripPrefix "db" "db2", sortOn negate [3, 1, 2 :: Int])
  print (M.keys (M.filter (all isDigit) cfg))
