-- A parser combinator newtype with Functor/Applicative/Monad instances: a list/record language
import Data.Char (isDigit, isSpace, isAlpha, isAlphaNum)

newtype Parser a = Parser { runParser :: String -> Maybe (a, String) }

instance Functor Parser where
  fmap f (Parser p) = Parser $ \s -> case p s of
    Nothing -> Nothing
    Just (a, rest) -> Just (f a, rest)

instance Applicative Parser where
  pure x = Parser $ \s -> Just (x, s)
  Parser pf <*> Parser pa = Parser $ \s -> case pf s of
    Nothing -> Nothing
    Just (f, rest) -> case pa rest of
      Nothing -> Nothing
      Just (a, rest') -> Just (f a, rest')

instance Monad Parser where
  Parser p >>= f = Parser $ \s -> case p s of
    Nothing -> Nothing
    Just (a, rest) -> runParser (f a) rest

failP :: Parser a
failP = Parser (const Nothing)

(<|>) :: Parser a -> Parser a -> Parser a
Parser p <|> Parser q = Parser $ \s -> maybe (q s) Just (p s)

satisfy :: (Char -> Bool) -> Parser Char
satisfy ok = Parser f
  where f (c : cs) | ok c = Just (c, cs)
        f _ = Nothing

spaces :: Parser ()
spaces = () <$ many (satisfy isSpace)

token :: Parser a -> Parser a
token p = p <* spaces

char :: Char -> Parser Char
char c = token (satisfy (== c))

many, many1 :: Parser a -> Parser [a]
many p = many1 p <|> pure []
many1 p = do { x <- p; xs <- many p; return (x : xs) }

sepBy :: Parser a -> Parser b -> Parser [a]
sepBy p sep = ((:) <$> p <*> many (sep *> p)) <|> pure []

data Value = Num Int | Str String | Ident String | List [Value] | Record [(String, Value)]
  deriving Show

value :: Parser Value
value = number <|> str <|> list <|> record <|> ident
  where
    number = token (Num . read <$> many1 (satisfy isDigit))
    str = token (Str <$> (satisfy (== '"') *> many (satisfy (/= '"')) <* satisfy (== '"')))
    ident = token (Ident <$> ((:) <$> satisfy isAlpha <*> many (satisfy isAlphaNum)))
    list = List <$> (char '[' *> sepBy value (char ',') <* char ']')
    record = Record <$> (char '{' *> sepBy field (char ',') <* char '}')
    field = do
      k <- token ((:) <$> satisfy isAlpha <*> many (satisfy isAlphaNum))
      _ <- char '='
      v <- value
      return (k, v)

parseAll :: String -> Maybe Value
parseAll s = case runParser (spaces *> value) s of
  Just (v, "") -> Just v
  _ -> Nothing

size :: Value -> Int
size (List vs) = 1 + sum (map size vs)
size (Record fs) = 1 + sum (map (size . snd) fs)
size _ = 1

render :: Value -> String
render (Num n) = show n
render (Str s) = show s
render (Ident i) = i
render (List vs) = "[" ++ commas (map render vs) ++ "]"
  where commas = foldr1 (\a b -> a ++ ", " ++ b) . orEmpty
        orEmpty [] = [""]
        orEmpty xs = xs
render (Record fs) = "{" ++ concatMap (\(k, v) -> k ++ ": " ++ render v ++ "; ") fs ++ "}"

main :: IO ()
main = do
  let inputs = [ "42", "[1, 2, 3]", "{ name = \"ada\", age = 36, tags = [x, y] }"
               , "[ [], [1], [[2, 3]], {a = b} ]", "[1, 2", "{ 1 = 2 }", "  hello  " ]
  mapM_ (\s -> putStrLn (maybe "parse error" (\v -> render v ++ " (" ++ show (size v) ++ ")") (parseAll s))) inputs
  let big = "[" ++ concatMap (\i -> "{k" ++ show i ++ " = [" ++ show i ++ ", " ++ show (i * i) ++ "]},") [1 .. 60 :: Int] ++ "0]"
  print (fmap size (parseAll big))
  print (runParser (many (satisfy isDigit)) "123abc", runParser (sepBy (char 'a') (char ';')) "a;a;a b")
