-- a JSON-like value type, a hand-written Show instance and an indenting pretty printer
import Data.List (intercalate)
import Data.Char (ord, isControl)

data JValue = JNull | JBool Bool | JNumber Double | JInt Integer | JString String
            | JArray [JValue] | JObject [(String, JValue)]

instance Show JValue where
  show JNull = "null"
  show (JBool b) = if b then "true" else "false"
  show (JNumber d) = show d
  show (JInt n) = show n
  show (JString s) = quote s
  show (JArray vs) = "[" ++ intercalate "," (map show vs) ++ "]"
  show (JObject kvs) = "{" ++ intercalate "," [quote k ++ ":" ++ show v | (k, v) <- kvs] ++ "}"

quote :: String -> String
quote s = "\"" ++ concatMap esc s ++ "\""
  where
    esc '"' = "\\\""
    esc '\\' = "\\\\"
    esc '\n' = "\\n"
    esc c | isControl c = "\\u" ++ hex4 (ord c)
          | otherwise = [c]
    hex4 n = [digits !! ((n `div` (16 ^ k)) `mod` 16) | k <- [3, 2, 1, 0 :: Int]]
    digits = "0123456789abcdef"

pretty :: JValue -> String
pretty = go 0
  where
    go d (JArray vs) | not (null vs) =
      "[\n" ++ intercalate ",\n" [ind (d + 1) ++ go (d + 1) v | v <- vs] ++ "\n" ++ ind d ++ "]"
    go d (JObject kvs) | not (null kvs) =
      "{\n" ++ intercalate ",\n" [ind (d + 1) ++ quote k ++ ": " ++ go (d + 1) v | (k, v) <- kvs]
        ++ "\n" ++ ind d ++ "}"
    go _ v = show v
    ind d = replicate (2 * d) ' '

depth :: JValue -> Int
depth (JArray vs) = 1 + maximum (0 : map depth vs)
depth (JObject kvs) = 1 + maximum (0 : map (depth . snd) kvs)
depth _ = 0

person :: String -> Int -> [String] -> JValue
person n age tags = JObject [ ("name", JString n), ("age", JInt (fromIntegral age))
                            , ("tags", JArray (map JString tags)), ("score", JNumber (fromIntegral age / 8))
                            , ("active", JBool (even age)), ("manager", JNull) ]

main :: IO ()
main = do
  let doc = JObject [ ("people", JArray [person "Ada" 36 ["math", "engines"],
                                         person "Alan \"T\"" 41 ["crypto"], person "Grace" 85 []])
                    , ("version", JInt (2 ^ 65)), ("ratio", JNumber (-0.125))
                    , ("note", JString "tab\there\nnewline\\"), ("empty", JArray []), ("obj", JObject []) ]
  print doc
  putStrLn (pretty doc)
  print (depth doc)
  print (length (show (JArray (map (\k -> person ("p" ++ show k) k ["x"]) [1 .. 200]))))
