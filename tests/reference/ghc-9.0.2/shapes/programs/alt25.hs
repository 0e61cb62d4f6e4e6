import Control.Applicative
import Control.Monad (MonadPlus (..), guard)
import Data.Char (isDigit, isAlpha, isSpace)

-- a parser as a state function over the input, with Alternative and MonadPlus instances
newtype Parser a = Parser { parse :: String -> [(a, String)] }

instance Functor Parser where
  fmap f p = Parser (\s -> [(f a, r) | (a, r) <- parse p s])

instance Applicative Parser where
  pure x = Parser (\s -> [(x, s)])
  pf <*> pa = Parser (\s -> [(f a, r2) | (f, r1) <- parse pf s, (a, r2) <- parse pa r1])

instance Monad Parser where
  p >>= k = Parser (\s -> concat [parse (k a) r | (a, r) <- parse p s])

instance Alternative Parser where
  empty = Parser (const [])
  p <|> q = Parser (\s -> case parse p s of
                            [] -> parse q s
                            rs -> rs)

instance MonadPlus Parser

item :: Parser Char
item = Parser (\s -> case s of
                       (c:cs) -> [(c, cs)]
                       [] -> [])

sat :: (Char -> Bool) -> Parser Char
sat p = do
  c <- item
  guard (p c)
  return c

lexeme :: Parser a -> Parser a
lexeme p = p <* many (sat isSpace)

int :: Parser Int
int = lexeme $ do
  sign <- optional (sat (== '-'))
  ds <- some (sat isDigit)
  let n = read ds
  return (maybe n (const (negate n)) sign)

ident :: Parser String
ident = lexeme ((:) <$> sat isAlpha <*> many (sat (\c -> isAlpha c || isDigit c)))

sym :: Char -> Parser Char
sym c = lexeme (sat (== c))

data Val = I Int | L [Val] | S String deriving Show

value :: Parser Val
value = I <$> int
    <|> S <$> ident
    <|> L <$> (sym '[' *> sepBy value (sym ',') <* sym ']')

sepBy :: Parser a -> Parser b -> Parser [a]
sepBy p s = sepBy1 p s <|> pure []

sepBy1 :: Parser a -> Parser b -> Parser [a]
sepBy1 p s = (:) <$> p <*> many (s *> p)

keyword :: String -> Parser String
keyword w = do
  x <- ident
  if x == w then return x else mzero

total :: Val -> Int
total (I n) = n
total (S s) = length s
total (L vs) = sum (map total vs)

main :: IO ()
main = do
  let inputs = ["42", "-7", "[1, 2, [3, -4], abc]", "[]", "[x1, [y2, [z3]]]", "[1,,2]", "?"]
  mapM_ (\i -> case parse value i of
                 [(v, "")] -> putStrLn (show v ++ " = " ++ show (total v))
                 [(_, rest)] -> putStrLn ("rest: " ++ show rest)
                 _ -> putStrLn "no parse") inputs
  print (parse (keyword "let" <|> keyword "in") "in x")
  print (parse (keyword "let" `mplus` return "none") "out")
  print (parse (many int) "1 2 3 x", parse (some int) "x")
  print (parse (optional (sym '+') *> int) "+5", parse (empty :: Parser Int) "a")
