newtype P a = P { runP :: String -> Either String (a, String) }

instance Functor P where
  fmap f (P p) = P $ \s -> case p s of
    Left e -> Left e
    Right (a, r) -> Right (f a, r)

instance Applicative P where
  pure a = P $ \s -> Right (a, s)
  P pf <*> P pa = P $ \s -> case pf s of
    Left e -> Left e
    Right (f, r) -> case pa r of
      Left e -> Left e
      Right (a, r') -> Right (f a, r')

instance Monad P where
  P p >>= f = P $ \s -> case p s of
    Left e -> Left e
    Right (a, r) -> runP (f a) r

instance MonadFail P where
  fail msg = P $ \_ -> Left msg

item :: P Char
item = P $ \s -> case s of
  [] -> Left "eof"
  (c:cs) -> Right (c, cs)

two :: P (Char, Char)
two = do
  [a, b] <- sequence [item, item]
  return (a, b)

digit :: P Char
digit = do
  c <- item
  if c >= '0' && c <= '9' then return c else fail ("not a digit: " ++ [c])

main :: IO ()
main = do
  print (runP two "xyz")
  print (runP digit "7a")
  print (runP digit "a7")
  print (runP (do { Just x <- return (Nothing :: Maybe Int); return x }) "q")
