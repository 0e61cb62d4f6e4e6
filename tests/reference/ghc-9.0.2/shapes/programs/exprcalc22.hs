-- a tokenizer and recursive-descent evaluator with an Either error type
import Data.Char (isDigit, isSpace, isAlpha)

data Token = TNum Integer | TOp Char | TLParen | TRParen | TIdent String
  deriving (Show, Eq)

data Expr = Num Integer | Var String | BinOp Char Expr Expr | Neg Expr
  deriving Show

tokenize :: String -> Either String [Token]
tokenize [] = Right []
tokenize (c:cs)
  | isSpace c = tokenize cs
  | isDigit c = let (ds, rest) = span isDigit (c:cs)
                in fmap (TNum (read ds) :) (tokenize rest)
  | isAlpha c = let (as, rest) = span isAlpha (c:cs)
                in (TIdent as :) <$> tokenize rest
  | c `elem` "+-*/%^" = (TOp c :) <$> tokenize cs
  | c == '(' = (TLParen :) <$> tokenize cs
  | c == ')' = (TRParen :) <$> tokenize cs
  | otherwise = Left ("bad character " ++ show c)

-- expr := term (('+'|'-') term)*
parseExpr :: [Token] -> Either String (Expr, [Token])
parseExpr ts = do
  (t, rest) <- parseTerm ts
  loop t rest
  where
    loop acc (TOp o : rest) | o `elem` "+-" = do
      (t, rest') <- parseTerm rest
      loop (BinOp o acc t) rest'
    loop acc rest = Right (acc, rest)

parseTerm :: [Token] -> Either String (Expr, [Token])
parseTerm ts = do
  (f, rest) <- parsePower ts
  loop f rest
  where
    loop acc (TOp o : rest) | o `elem` "*/%" = do
      (f, rest') <- parsePower rest
      loop (BinOp o acc f) rest'
    loop acc rest = Right (acc, rest)

parsePower :: [Token] -> Either String (Expr, [Token])
parsePower ts = do
  (b, rest) <- parseFactor ts
  case rest of
    TOp '^' : rest' -> do
      (e, rest'') <- parsePower rest'
      return (BinOp '^' b e, rest'')
    _ -> return (b, rest)

parseFactor :: [Token] -> Either String (Expr, [Token])
parseFactor (TNum n : rest) = Right (Num n, rest)
parseFactor (TIdent v : rest) = Right (Var v, rest)
parseFactor (TOp '-' : rest) = do
  (f, rest') <- parseFactor rest
  return (Neg f, rest')
parseFactor (TLParen : rest) = do
  (e, rest') <- parseExpr rest
  case rest' of
    TRParen : rest'' -> Right (e, rest'')
    _ -> Left "expected )"
parseFactor (t : _) = Left ("unexpected " ++ show t)
parseFactor [] = Left "unexpected end"

eval :: [(String, Integer)] -> Expr -> Either String Integer
eval _ (Num n) = Right n
eval env (Var v) = maybe (Left ("unbound " ++ v)) Right (lookup v env)
eval env (Neg e) = negate <$> eval env e
eval env (BinOp o a b) = do
  x <- eval env a
  y <- eval env b
  apply o x y
  where
    apply '+' x y = Right (x + y)
    apply '-' x y = Right (x - y)
    apply '*' x y = Right (x * y)
    apply '/' _ 0 = Left "division by zero"
    apply '/' x y = Right (x `div` y)
    apply '%' _ 0 = Left "division by zero"
    apply '%' x y = Right (x `mod` y)
    apply '^' x y | y < 0 = Left "negative exponent"
                  | otherwise = Right (x ^ y)
    apply c _ _ = Left ("unknown operator " ++ [c])

calc :: String -> Either String Integer
calc s = do
  ts <- tokenize s
  (e, rest) <- parseExpr ts
  if null rest then eval env e else Left ("trailing " ++ show (take 2 rest))
  where env = [("x", 7), ("y", -3), ("big", 2 ^ 70)]

main :: IO ()
main = do
  let inputs = [ "1 + 2 * 3", "(1 + 2) * 3", "2 ^ 3 ^ 2", "-x * y + 4"
               , "big * big - 1", "10 / (5 - 5)", "7 % -2", "-7 / 2"
               , "3 + $", "(1 + 2", "z + 1", "1 2", "2 ^ 100 % 1000007" ]
  mapM_ (\s -> putStrLn (s ++ " => " ++ either ("error: " ++) show (calc s))) inputs
  print (fmap fst (tokenize "a+1" >>= parseExpr))
  print (sum [either (const 0) id (calc (show k ++ " * " ++ show k ++ " - x")) | k <- [1 .. 200 :: Int]])
