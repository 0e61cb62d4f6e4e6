-- An interpreter for a small imperative language: statements, while loops, Either errors
import qualified Data.Map as M
import Data.List (intercalate)

data Expr = Lit Int | Var String | BinOp Op Expr Expr | Not Expr
data Op = Plus | Minus | Times | Div | Less | Equal | And
data Stmt = Assign String Expr | If Expr [Stmt] [Stmt] | While Expr [Stmt]
          | Print Expr | Assert Expr String

type Env = M.Map String Int

evalE :: Env -> Expr -> Either String Int
evalE _ (Lit n) = Right n
evalE env (Var v) = maybe (Left ("undefined variable " ++ v)) Right (M.lookup v env)
evalE env (Not e) = do
  x <- evalE env e
  return (if x == 0 then 1 else 0)
evalE env (BinOp op a b) = do
  x <- evalE env a
  y <- evalE env b
  applyOp op x y

applyOp :: Op -> Int -> Int -> Either String Int
applyOp Plus x y = Right (x + y)
applyOp Minus x y = Right (x - y)
applyOp Times x y = Right (x * y)
applyOp Div _ 0 = Left "division by zero"
applyOp Div x y = Right (x `div` y)
applyOp Less x y = Right (fromEnum (x < y))
applyOp Equal x y = Right (fromEnum (x == y))
applyOp And x y = Right (fromEnum (x /= 0 && y /= 0))

exec :: (Env, [String]) -> Stmt -> Either String (Env, [String])
exec (env, out) stmt = case stmt of
  Assign v e -> do
    x <- evalE env e
    return (M.insert v x env, out)
  Print e -> do
    x <- evalE env e
    return (env, show x : out)
  If c t f -> do
    x <- evalE env c
    execBlock (env, out) (if x /= 0 then t else f)
  w@(While c body) -> do
    x <- evalE env c
    if x == 0 then return (env, out)
      else execBlock (env, out) body >>= \st -> exec st w
  Assert e msg -> do
    x <- evalE env e
    if x /= 0 then return (env, out) else Left ("assertion failed: " ++ msg)

execBlock :: (Env, [String]) -> [Stmt] -> Either String (Env, [String])
execBlock st [] = Right st
execBlock st (s : ss) = exec st s >>= \st' -> execBlock st' ss

run :: [Stmt] -> String
run prog = case execBlock (M.empty, []) prog of
  Left err -> "error: " ++ err
  Right (env, out) -> intercalate "," (reverse out) ++ " | " ++ show (M.toList env)

(.+), (.-), (.*), (.<) :: Expr -> Expr -> Expr
(.+) = BinOp Plus
(.-) = BinOp Minus
(.*) = BinOp Times
(.<) = BinOp Less

gcdProg :: Int -> Int -> [Stmt]
gcdProg a b =
  [ Assign "a" (Lit a), Assign "b" (Lit b)
  , While (Not (BinOp Equal (Var "b") (Lit 0)))
      [ Assign "t" (Var "b")
      , Assign "b" (Var "a" .- BinOp Times (BinOp Div (Var "a") (Var "b")) (Var "b"))
      , Assign "a" (Var "t") ]
  , Print (Var "a") ]

primes :: Int -> [Stmt]
primes n =
  [ Assign "n" (Lit 2)
  , While (Var "n" .< Lit n)
      [ Assign "d" (Lit 2), Assign "p" (Lit 1)
      , While (BinOp And (Var "d" .* Var "d" .< Var "n" .+ Lit 1) (Var "p"))
          [ If (BinOp Equal (Var "n" .- BinOp Times (BinOp Div (Var "n") (Var "d")) (Var "d")) (Lit 0))
               [Assign "p" (Lit 0)] []
          , Assign "d" (Var "d" .+ Lit 1) ]
      , If (Var "p") [Print (Var "n")] []
      , Assign "n" (Var "n" .+ Lit 1) ] ]

main :: IO ()
main = do
  putStrLn (run (gcdProg 1071 462))
  putStrLn (run (gcdProg 832040 514229))
  putStrLn (run (primes 120))
  putStrLn (run [Assign "x" (Lit 5), Print (Var "x" .* Var "y")])
  putStrLn (run [Assign "x" (Lit 5), Print (BinOp Div (Var "x") (Var "x" .- Lit 5))])
  putStrLn (run [Assign "i" (Lit 0), While (Var "i" .< Lit 10) [Assign "i" (Var "i" .+ Lit 3)],
                 Assert (BinOp Equal (Var "i") (Lit 10)) "i is 10"])
