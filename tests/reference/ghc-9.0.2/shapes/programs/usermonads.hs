import Control.Monad
import Data.Char (isDigit, isSpace)

-- A parser: a newtype over a function (its constructor is erased by GHC)
newtype Parser a = Parser { runParser :: String -> Maybe (a, String) }

instance Functor Parser where
  fmap f (Parser p) = Parser $ \s -> case p s of
    Nothing -> Nothing
    Just (a, rest) -> Just (f a, rest)

instance Applicative Parser where
  pure a = Parser $ \s -> Just (a, s)
  Parser pf <*> Parser pa = Parser $ \s -> case pf s of
    Nothing -> Nothing
    Just (f, rest) -> case pa rest of
      Nothing -> Nothing
      Just (a, rest') -> Just (f a, rest')

instance Monad Parser where
  Parser p >>= f = Parser $ \s -> case p s of
    Nothing -> Nothing
    Just (a, rest) -> runParser (f a) rest

item :: Parser Char
item = Parser $ \s -> case s of
  [] -> Nothing
  (c:cs) -> Just (c, cs)

sat :: (Char -> Bool) -> Parser Char
sat p = do
  c <- item
  if p c then return c else Parser (const Nothing)

orElse :: Parser a -> Parser a -> Parser a
orElse (Parser p) (Parser q) = Parser $ \s -> case p s of
  Nothing -> q s
  r -> r

many1 :: Parser a -> Parser [a]
many1 p = do
  x <- p
  xs <- many0 p
  return (x : xs)

many0 :: Parser a -> Parser [a]
many0 p = many1 p `orElse` pure []

spaces :: Parser ()
spaces = () <$ many0 (sat isSpace)

token :: Parser a -> Parser a
token p = p <* spaces

number :: Parser Int
number = token (read <$> many1 (sat isDigit))

symbol :: Char -> Parser Char
symbol c = token (sat (== c))

expr :: Parser Int
expr = do
  t <- term
  rest t
  where
    rest acc = (do _ <- symbol '+'
                   t <- term
                   rest (acc + t))
               `orElse` (do _ <- symbol '-'
                            t <- term
                            rest (acc - t))
               `orElse` return acc

term :: Parser Int
term = do
  f <- factor
  rest f
  where
    rest acc = (do _ <- symbol '*'
                   f <- factor
                   rest (acc * f))
               `orElse` return acc

factor :: Parser Int
factor = number `orElse` (symbol '(' *> expr <* symbol ')')

-- A writer: a data type (not a newtype), so its constructor stays
data Writer a = Writer a [String]

instance Functor Writer where
  fmap f (Writer a w) = Writer (f a) w

instance Applicative Writer where
  pure a = Writer a []
  Writer f w1 <*> Writer a w2 = Writer (f a) (w1 ++ w2)

instance Monad Writer where
  return = pure
  Writer a w >>= f = case f a of
    Writer b w' -> Writer b (w ++ w')

tell :: String -> Writer ()
tell s = Writer () [s]

runWriter :: Writer a -> (a, [String])
runWriter (Writer a w) = (a, w)

collatz :: Int -> Writer Int
collatz 1 = do
  tell "done"
  return 0
collatz n = do
  when (n > 20) $ tell ("big " ++ show n)
  unless (even n) $ tell ("odd " ++ show n)
  k <- collatz (if even n then n `div` 2 else 3 * n + 1)
  return (k + 1)

-- A reader over a newtype
newtype Reader r a = Reader { runReader :: r -> a }

instance Functor (Reader r) where
  fmap f (Reader g) = Reader (f . g)

instance Applicative (Reader r) where
  pure x = Reader (const x)
  Reader f <*> Reader g = Reader (\r -> f r (g r))

instance Monad (Reader r) where
  Reader g >>= f = Reader $ \r -> runReader (f (g r)) r

ask :: Reader r r
ask = Reader id

scaled :: [Int] -> Reader Int [Int]
scaled = mapM (\x -> do { k <- ask; return (k * x) })

main :: IO ()
main = do
  print (runParser expr "1 + 2 * (3 + 4) - 5")
  print (fmap fst (runParser expr "10 * 10 * 10 + 7"))
  print (runParser number "abc")
  print (runParser (many1 (sat isDigit)) "123abc")
  print (runWriter (collatz 27))
  let (steps, logs) = runWriter (mapM collatz [3, 6, 7])
  print steps
  mapM_ putStrLn (take 5 logs)
  print (runWriter (replicateM_ 3 (tell "x") >> zipWithM_ (\a b -> tell (a ++ b)) ["p", "q"] ["1", "2"]))
  print (runWriter (foldM (\acc x -> tell (show acc) >> return (acc + x)) 0 [1, 2, 3, 4]))
  print (runWriter (filterM (\x -> tell (show x) >> return (odd x)) [1 .. 6 :: Int]))
  print (runWriter (sequence [Writer 1 ["a"], Writer 2 ["b"]]))
  print (runWriter (forM [1, 2, 3 :: Int] (\x -> Writer (x * x) [show x])))
  print (runReader (scaled [1, 2, 3]) 10)
  print (runReader ((+) <$> ask <*> pure 5) 7)
  print (runReader (return 3 >>= \x -> fmap (+ x) ask) 4)
  print (runParser ((,) <$> number <*> number) "12 34")
  print (runWriter (tell =<< return "w"))
