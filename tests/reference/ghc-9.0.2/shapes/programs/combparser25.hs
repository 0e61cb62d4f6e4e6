{-# LANGUAGE LambdaCase #-}
module Main where

import Control.Applicative
import Data.Char (isDigit, isSpace, isAlpha)

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

instance Alternative Parser where
  empty = Parser (const Nothing)
  Parser p <|> Parser q = Parser $ \s -> case p s of
    Nothing -> q s
    r -> r

satisfy :: (Char -> Bool) -> Parser Char
satisfy pr = Parser $ \case
  (c:cs) | pr c -> Just (c, cs)
  _ -> Nothing

char :: Char -> Parser Char
char c = satisfy (== c)

spaces :: Parser ()
spaces = () <$ many (satisfy isSpace)

token :: Parser a -> Parser a
token p = p <* spaces

number :: Parser Int
number = token (read <$> some (satisfy isDigit))

symbol :: Char -> Parser Char
symbol = token . char

data Expr = Num Int | Add Expr Expr | Sub Expr Expr | Mul Expr Expr | Div Expr Expr | Var String
  deriving (Show, Eq)

expr :: Parser Expr
expr = do
  t <- term
  rest t
  where
    rest acc = (do _ <- symbol '+'; t <- term; rest (Add acc t))
           <|> (do _ <- symbol '-'; t <- term; rest (Sub acc t))
           <|> pure acc

term :: Parser Expr
term = factor >>= go
  where
    go acc = (do _ <- symbol '*'; f <- factor; go (Mul acc f))
         <|> (do _ <- symbol '/'; f <- factor; go (Div acc f))
         <|> pure acc

factor :: Parser Expr
factor = Num <$> number
     <|> Var <$> token (some (satisfy isAlpha))
     <|> (symbol '(' *> expr <* symbol ')')

eval :: [(String, Int)] -> Expr -> Either String Int
eval env = \case
  Num n -> Right n
  Var v -> maybe (Left ("unbound: " ++ v)) Right (lookup v env)
  Add a b -> (+) <$> eval env a <*> eval env b
  Sub a b -> (-) <$> eval env a <*> eval env b
  Mul a b -> (*) <$> eval env a <*> eval env b
  Div a b -> do
    x <- eval env a
    y <- eval env b
    if y == 0 then Left "division by zero" else pure (x `div` y)

main :: IO ()
main = do
  let env = [("x", 5), ("y", 7)]
  mapM_ (\s -> case runParser (spaces *> expr) s of
            Just (e, "") -> do
              print e
              print (eval env e)
            Just (_, rest) -> putStrLn ("leftover: " ++ rest)
            Nothing -> putStrLn "no parse")
    ["1 + 2 * 3", "(1 + 2) * 3", " x * y - 4 / 2", "10 / (y - 7)", "z + 1", "2 * (3 + ", "12 34"]
