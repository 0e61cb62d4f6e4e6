-- A tokenizer with Data.Char and span/break, shunting-yard to RPN, and evaluation
import Data.Char (isDigit, isSpace, isAlpha, isAlphaNum, toUpper)
import Data.List (intercalate)

data Token = TNum Integer | TOp Char | TLParen | TRParen | TIdent String
  deriving (Show, Eq)

tokenize :: String -> Either String [Token]
tokenize [] = Right []
tokenize s@(c : cs)
  | isSpace c = tokenize cs
  | isDigit c = let (ds, rest) = span isDigit s in (TNum (read ds) :) <$> tokenize rest
  | isAlpha c = let (w, rest) = span isAlphaNum s in (TIdent (map toUpper w) :) <$> tokenize rest
  | c `elem` "+-*/^%" = (TOp c :) <$> tokenize cs
  | c == '(' = (TLParen :) <$> tokenize cs
  | c == ')' = (TRParen :) <$> tokenize cs
  | otherwise = Left ("bad character " ++ show c)

prec :: Char -> Int
prec '^' = 3
prec c | c `elem` "*/%" = 2
       | otherwise = 1

rightAssoc :: Char -> Bool
rightAssoc = (== '^')

toRPN :: [Token] -> Either String [Token]
toRPN = go [] []
  where
    go out ops [] = finish out ops
    go out ops (t : ts) = case t of
      TNum _ -> go (t : out) ops ts
      TIdent _ -> go (t : out) ops ts
      TOp o ->
        let (popped, rest) = span (higher o) ops
        in go (reverse popped ++ out) (TOp o : rest) ts
      TLParen -> go out (TLParen : ops) ts
      TRParen ->
        let (popped, rest) = break (== TLParen) ops
        in case rest of
             (_ : rest') -> go (reverse popped ++ out) rest' ts
             [] -> Left "unbalanced )"
    higher o (TOp p) = prec p > prec o || (prec p == prec o && not (rightAssoc o))
    higher _ _ = False
    finish out ops
      | TLParen `elem` ops = Left "unbalanced ("
      | otherwise = Right (reverse out ++ ops)

evalRPN :: [(String, Integer)] -> [Token] -> Either String Integer
evalRPN env = go []
  where
    go [x] [] = Right x
    go st [] = Left ("stack left with " ++ show (length st))
    go st (TNum n : ts) = go (n : st) ts
    go st (TIdent v : ts) = maybe (Left ("unbound " ++ v)) (\n -> go (n : st) ts) (lookup v env)
    go (b : a : st) (TOp o : ts) = apply o a b >>= \r -> go (r : st) ts
    go _ (t : _) = Left ("underflow at " ++ show t)
    apply '+' a b = Right (a + b)
    apply '-' a b = Right (a - b)
    apply '*' a b = Right (a * b)
    apply '^' a b = Right (a ^ b)
    apply '/' _ 0 = Left "divide by zero"
    apply '/' a b = Right (a `div` b)
    apply '%' a b = Right (a `mod` b)
    apply o _ _ = Left [o]

showRPN :: [Token] -> String
showRPN = unwords . map sh
  where sh (TNum n) = show n
        sh (TOp o) = [o]
        sh (TIdent v) = v
        sh t = show t

calc :: String -> String
calc src = either ("error: " ++) id $ do
  ts <- tokenize src
  rpn <- toRPN ts
  v <- evalRPN [("X", 7), ("Y", 12), ("BIG", 10 ^ 20)] rpn
  return (showRPN rpn ++ " = " ++ show v)

main :: IO ()
main = do
  let exprs = [ "1 + 2 * 3", "(1 + 2) * 3", "2 ^ 3 ^ 2", "100 / 7 % 4", "x * y - 3"
              , "big * big + 1", "((4))", "1 +", "(2 + 3", "5 / (3 - 3)", "7 & 2", "z + 1"
              , "2 ^ 100 - 1", "((x + 1) * (y - 1)) ^ 3 / 11" ]
  mapM_ (putStrLn . calc) exprs
  let long = intercalate " + " [show i ++ " * " ++ show (i + 1) | i <- [1 .. 150 :: Int]]
  putStrLn (drop (length (calc long) - 30) (calc long))
