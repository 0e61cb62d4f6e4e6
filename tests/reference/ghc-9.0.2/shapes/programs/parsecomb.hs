-- A hand-written monadic parser for a tiny expression language with let.
import Data.Char (isDigit, isAlpha, isSpace)

newtype Parser a = Parser (String -> Maybe (a, String))

runParser :: Parser a -> String -> Maybe (a, String)
runParser (Parser p) s = p s

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

orElse :: Parser a -> Parser a -> Parser a
orElse (Parser p) (Parser q) = Parser $ \s -> case p s of
  Nothing -> q s
  r -> r

satisfy :: (Char -> Bool) -> Parser Char
satisfy ok = Parser f
  where f (c:cs) | ok c = Just (c, cs)
        f _ = Nothing

many1 :: Parser a -> Parser [a]
many1 p = do { x <- p; xs <- many0 p; return (x : xs) }

many0 :: Parser a -> Parser [a]
many0 p = many1 p `orElse` pure []

token :: Parser a -> Parser a
token p = p <* many0 (satisfy isSpace)

symbol :: Char -> Parser Char
symbol c = token (satisfy (== c))

data Expr = Num Int | Var String | Add Expr Expr | Mul Expr Expr | Let String Expr Expr
  deriving Show

expr, term, factor :: Parser Expr
expr = do
  t <- term
  rest t
  where rest acc = (do { _ <- symbol '+'; t <- term; rest (Add acc t) }) `orElse` pure acc
term = do
  f <- factor
  rest f
  where rest acc = (do { _ <- symbol '*'; f <- factor; rest (Mul acc f) }) `orElse` pure acc
factor = number `orElse` letExpr `orElse` variable `orElse` parens
  where number = Num . read <$> token (many1 (satisfy isDigit))
        variable = Var <$> token (many1 (satisfy isAlpha))
        parens = symbol '(' *> expr <* symbol ')'
        letExpr = do
          kw <- token (many1 (satisfy isAlpha))
          if kw /= "let" then Parser (const Nothing) else do
            v <- token (many1 (satisfy isAlpha))
            _ <- symbol '='
            e1 <- expr
            _ <- symbol ';'
            Let v e1 <$> expr

eval :: [(String, Int)] -> Expr -> Maybe Int
eval _ (Num n) = Just n
eval env (Var v) = lookup v env
eval env (Add a b) = (+) <$> eval env a <*> eval env b
eval env (Mul a b) = (*) <$> eval env a <*> eval env b
eval env (Let v e b) = eval env e >>= \x -> eval ((v, x) : env) b

main :: IO ()
main = do
  let srcs = [ "1 + 2 * 3", "(1 + 2) * 3", "let x = 5; x * x + 1", "y + 1"
             , "let a = 2; let b = a * 3; a + b * (a + 1)", "2 * (3 + 4) * 5" ]
  mapM_ (\s -> print (fmap fst (runParser expr s))) (take 2 srcs)
  mapM_ (\s -> print (runParser expr s >>= eval [] . fst)) srcs
  let big = concat (replicate 30 "(1 + 2 * x) + ") ++ "7"
  print (runParser expr big >>= eval [("x", 3)] . fst)
  print (sum [ maybe 0 id (runParser expr s >>= eval [("y", k)] . fst) | k <- [1..50], s <- srcs ])
