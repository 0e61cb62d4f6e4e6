-- a tokenizer and recursive-descent parser for a tiny statement language, errors in Either
import Data.Char (isDigit, isAlpha, isSpace, isAlphaNum)

data Token = TNum Int | TId String | TSym Char | TKw String deriving (Show, Eq)

data Expr = Num Int | Var String | Bin Char Expr Expr | Neg Expr deriving Show
data Stmt = Assign String Expr | Print Expr | If Expr [Stmt] [Stmt] deriving Show

tokenize :: String -> Either String [Token]
tokenize [] = Right []
tokenize (c : cs)
  | isSpace c = tokenize cs
  | isDigit c = let (d, rest) = span isDigit (c : cs) in (TNum (read d) :) <$> tokenize rest
  | isAlpha c = let (w, rest) = span isAlphaNum (c : cs)
                    tok = if w `elem` ["print", "if", "else", "end"] then TKw w else TId w
                in (tok :) <$> tokenize rest
  | c `elem` "+-*/()=;<" = (TSym c :) <$> tokenize cs
  | otherwise = Left ("bad character " ++ show c)

type P a = [Token] -> Either String (a, [Token])

expr :: P Expr
expr ts = term ts >>= uncurry (rest "+-<" term)

term :: P Expr
term ts = factor ts >>= uncurry (rest "*/" factor)

rest :: String -> P Expr -> Expr -> P Expr
rest ops next acc (TSym o : ts) | o `elem` ops = do
  (r, ts') <- next ts
  rest ops next (Bin o acc r) ts'
rest _ _ acc ts = Right (acc, ts)

factor :: P Expr
factor (TNum n : ts) = Right (Num n, ts)
factor (TId v : ts) = Right (Var v, ts)
factor (TSym '-' : ts) = do { (e, ts') <- factor ts; return (Neg e, ts') }
factor (TSym '(' : ts) = do
  (e, ts') <- expr ts
  case ts' of
    TSym ')' : ts'' -> Right (e, ts'')
    _ -> Left "expected )"
factor (t : _) = Left ("unexpected " ++ show t)
factor [] = Left "unexpected end"

stmts :: P [Stmt]
stmts ts@(TKw "else" : _) = Right ([], ts)
stmts ts@(TKw "end" : _) = Right ([], ts)
stmts [] = Right ([], [])
stmts ts = do
  (s, ts1) <- stmt ts
  (ss, ts2) <- stmts ts1
  return (s : ss, ts2)

stmt :: P Stmt
stmt (TKw "print" : ts) = expr ts >>= semi Print
stmt (TId v : TSym '=' : ts) = expr ts >>= semi (Assign v)
stmt (TKw "if" : ts) = do
  (c, ts1) <- expr ts
  (th, ts2) <- stmts ts1
  case ts2 of
    TKw "else" : ts3 -> do
      (el, ts4) <- stmts ts3
      end ts4 (If c th el)
    _ -> end ts2 (If c th [])
  where end (TKw "end" : r) s = Right (s, r)
        end _ _ = Left "expected end"
stmt ts = Left ("bad statement at " ++ show (take 2 ts))

semi :: (a -> Stmt) -> (a, [Token]) -> Either String (Stmt, [Token])
semi f (x, TSym ';' : ts) = Right (f x, ts)
semi _ _ = Left "expected ;"

eval :: [(String, Int)] -> Expr -> Either String Int
eval _ (Num n) = Right n
eval env (Var v) = maybe (Left ("unbound " ++ v)) Right (lookup v env)
eval env (Neg e) = negate <$> eval env e
eval env (Bin o a b) = do
  x <- eval env a
  y <- eval env b
  case o of
    '+' -> Right (x + y)
    '-' -> Right (x - y)
    '*' -> Right (x * y)
    '<' -> Right (if x < y then 1 else 0)
    _ | y == 0 -> Left "division by zero"
      | otherwise -> Right (x `div` y)

exec :: ([(String, Int)], [Int]) -> Stmt -> Either String ([(String, Int)], [Int])
exec (env, out) (Assign v e) = (\x -> ((v, x) : env, out)) <$> eval env e
exec (env, out) (Print e) = (\x -> (env, x : out)) <$> eval env e
exec st@(env, _) (If c th el) = do
  x <- eval env c
  runAll st (if x /= 0 then th else el)

runAll :: ([(String, Int)], [Int]) -> [Stmt] -> Either String ([(String, Int)], [Int])
runAll st [] = Right st
runAll st (s : ss) = exec st s >>= \st' -> runAll st' ss

run :: String -> String
run src = either ("error: " ++) (unwords . map show . reverse . snd) $ do
  ts <- tokenize src
  (prog, left) <- stmts ts
  if null left then runAll ([], []) prog else Left ("trailing " ++ show (take 1 left))

main :: IO ()
main = do
  mapM_ (putStrLn . run)
    [ "x = 3; y = x * (4 + 2); print y; print -y / 4;"
    , "a = 10; if a < 20 print a * 2; else print 0; end print a;"
    , "print 1 / 0;"
    , "print z;"
    , "x = 2 $ 3;"
    , "print (1 + 2;"
    , "if 1 print 5; print 6;"
    , "n = 1; s = 0; " ++ concat (replicate 12 "s = s + n * n; n = n + 1; ") ++ "print s; print n;"
    ]
  print (tokenize "if x1 < 10 print x1; end")
  print (fmap fst (expr [TNum 1, TSym '+', TNum 2, TSym '*', TId "k"]))
