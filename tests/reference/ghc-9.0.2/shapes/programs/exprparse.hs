import Data.Char (isDigit, isSpace, isAlpha)

data Token = TNum Int | TPlus | TMinus | TStar | TSlash | TLParen | TRParen | TVar Char
  deriving (Show, Eq)

data Expr = Num Int | Var Char | Add Expr Expr | Sub Expr Expr
          | Mul Expr Expr | Div Expr Expr | Neg Expr
  deriving Show

tokenize :: String -> Either String [Token]
tokenize [] = Right []
tokenize (c:cs)
  | isSpace c = tokenize cs
  | isDigit c = let (ds, rest) = span isDigit (c:cs)
                in (TNum (read ds) :) <$> tokenize rest
  | isAlpha c = (TVar c :) <$> tokenize cs
  | otherwise = case lookup c table of
      Just t -> (t :) <$> tokenize cs
      Nothing -> Left ("bad character " ++ show c)
  where table = [('+', TPlus), ('-', TMinus), ('*', TStar), ('/', TSlash),
                 ('(', TLParen), (')', TRParen)]

type Parser a = [Token] -> Either String (a, [Token])

expr :: Parser Expr
expr ts = term ts >>= uncurry loop
  where
    loop acc (TPlus : rest) = term rest >>= \(t, r) -> loop (Add acc t) r
    loop acc (TMinus : rest) = term rest >>= \(t, r) -> loop (Sub acc t) r
    loop acc rest = Right (acc, rest)

term :: Parser Expr
term ts = factor ts >>= uncurry loop
  where
    loop acc (TStar : rest) = factor rest >>= \(f, r) -> loop (Mul acc f) r
    loop acc (TSlash : rest) = factor rest >>= \(f, r) -> loop (Div acc f) r
    loop acc rest = Right (acc, rest)

factor :: Parser Expr
factor (TNum n : rest) = Right (Num n, rest)
factor (TVar v : rest) = Right (Var v, rest)
factor (TMinus : rest) = do
  (e, r) <- factor rest
  return (Neg e, r)
factor (TLParen : rest) = do
  (e, r) <- expr rest
  case r of
    TRParen : r' -> Right (e, r')
    _ -> Left "expected )"
factor (t : _) = Left ("unexpected " ++ show t)
factor [] = Left "unexpected end"

eval :: [(Char, Int)] -> Expr -> Either String Int
eval _ (Num n) = Right n
eval env (Var v) = maybe (Left ("unbound " ++ [v])) Right (lookup v env)
eval env (Add a b) = (+) <$> eval env a <*> eval env b
eval env (Sub a b) = (-) <$> eval env a <*> eval env b
eval env (Mul a b) = (*) <$> eval env a <*> eval env b
eval env (Neg a) = negate <$> eval env a
eval env (Div a b) = do
  x <- eval env a
  y <- eval env b
  if y == 0 then Left "division by zero" else Right (x `div` y)

parseExpr :: String -> Either String Expr
parseExpr s = do
  ts <- tokenize s
  (e, rest) <- expr ts
  if null rest then Right e else Left ("trailing " ++ show (head rest))

run :: [(Char, Int)] -> String -> String
run env s = either ("error: " ++) show (parseExpr s >>= eval env)

inputs :: [String]
inputs = [ "1 + 2 * 3", "(1 + 2) * 3", "10 / (5 - 5)", "-4 * (x + y)", "2 * (3", "7 $ 2"
         , "x * x - y * y", "100 / 7 / 2", "z + 1", "((((x))))" ]

generated :: Int -> String
generated n = foldl (\acc i -> "(" ++ acc ++ ops !! (i `mod` 4) ++ show i ++ ")") "1" [1 .. n]
  where ops = [" + ", " * ", " - ", " / "]

main :: IO ()
main = do
  let env = [('x', 6), ('y', -3)]
  mapM_ (putStrLn . run env) inputs
  print (parseExpr "1 + -2")
  let sums = [either (const 0) id (parseExpr (generated k) >>= eval env) | k <- [10, 20 .. 90]]
  print (sum sums, maximum sums, minimum sums)
  print (length (filter (either (const True) (const False) . tokenize) ["a+b", "1#2", "3"]))
