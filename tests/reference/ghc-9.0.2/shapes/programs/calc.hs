-- an ordinary program written for session 18: a tokenizer (span/read), a recursive-descent
-- parser over a token list (pattern bindings of pairs), an evaluator over a Map
import Data.Char (isDigit, isSpace, isAlpha)
import qualified Data.Map as M

data Token = TNum Int | TOp Char | TLParen | TRParen | TIdent String deriving (Show, Eq)

tokenize :: String -> [Token]
tokenize [] = []
tokenize (c : cs)
  | isSpace c = tokenize cs
  | isDigit c = let (ds, rest) = span isDigit (c : cs) in TNum (read ds) : tokenize rest
  | isAlpha c = let (as, rest) = span isAlpha (c : cs) in TIdent as : tokenize rest
  | c == '(' = TLParen : tokenize cs
  | c == ')' = TRParen : tokenize cs
  | otherwise = TOp c : tokenize cs

data Expr = Num Int | Var String | Bin Char Expr Expr deriving Show

parseExpr :: [Token] -> (Expr, [Token])
parseExpr ts =
  let (t, rest) = parseTerm ts
  in go t rest
  where
    go acc (TOp o : rest) | o `elem` "+-" =
      let (t, rest') = parseTerm rest in go (Bin o acc t) rest'
    go acc rest = (acc, rest)

parseTerm :: [Token] -> (Expr, [Token])
parseTerm ts =
  let (f, rest) = parseFactor ts
  in go f rest
  where
    go acc (TOp o : rest) | o `elem` "*/" =
      let (f, rest') = parseFactor rest in go (Bin o acc f) rest'
    go acc rest = (acc, rest)

parseFactor :: [Token] -> (Expr, [Token])
parseFactor (TNum n : rest) = (Num n, rest)
parseFactor (TIdent v : rest) = (Var v, rest)
parseFactor (TLParen : rest) = case parseExpr rest of
  (e, TRParen : rest') -> (e, rest')
  _ -> error "expected )"
parseFactor ts = error ("unexpected " ++ show (take 1 ts))

eval :: M.Map String Int -> Expr -> Int
eval _ (Num n) = n
eval env (Var v) = M.findWithDefault 0 v env
eval env (Bin o a b) =
  let x = eval env a
      y = eval env b
  in case o of
       '+' -> x + y
       '-' -> x - y
       '*' -> x * y
       '/' -> if y == 0 then 0 else x `div` y
       _ -> error "op"

main :: IO ()
main = do
  let env = M.fromList [("x", 7), ("y", 3), ("zed", 11)]
      srcs = [ "x * (y + " ++ show i ++ ") - zed / 2 + " ++ show (i * i) | i <- [1 .. 400 :: Int] ]
      vals = map (eval env . fst . parseExpr . tokenize) srcs
  print (sum vals)
  print (take 5 vals)
  print (fst (parseExpr (tokenize "1 + 2 * (x - 4)")))
