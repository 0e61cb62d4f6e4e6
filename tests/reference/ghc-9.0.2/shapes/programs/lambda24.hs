-- A small lambda calculus interpreter with environments and closures in a Data.Map
import qualified Data.Map as M

data Term = Var String | Lam String Term | App Term Term | Lit Integer
          | Prim String Term Term | If0 Term Term Term | Let String Term Term
  deriving Show

data Value = VInt Integer | VClo String Term Env
type Env = M.Map String Value

instance Show Value where
  show (VInt n) = show n
  show (VClo x _ _) = "<closure " ++ x ++ ">"

eval :: Env -> Term -> Value
eval env t = case t of
  Var x -> M.findWithDefault (error ("unbound " ++ x)) x env
  Lam x b -> VClo x b env
  App f a -> apply (eval env f) (eval env a)
  Lit n -> VInt n
  Prim op a b -> arith op (eval env a) (eval env b)
  If0 c th el -> case eval env c of
    VInt 0 -> eval env th
    _ -> eval env el
  Let x e b -> eval (M.insert x (eval env e) env) b

apply :: Value -> Value -> Value
apply (VClo x b cenv) v = eval (M.insert x v cenv) b
apply f _ = error ("not a function: " ++ show f)

arith :: String -> Value -> Value -> Value
arith op (VInt a) (VInt b) = VInt (case op of
  "+" -> a + b
  "-" -> a - b
  "*" -> a * b
  _ -> error op)
arith op _ _ = error ("bad operands to " ++ op)

-- the Z combinator for recursion
z :: Term
z = Lam "f" (App (Lam "x" (App (Var "f") (Lam "v" (App (App (Var "x") (Var "x")) (Var "v")))))
                 (Lam "x" (App (Var "f") (Lam "v" (App (App (Var "x") (Var "x")) (Var "v"))))))

factT :: Term
factT = App z (Lam "fact" (Lam "n" (If0 (Var "n") (Lit 1)
          (Prim "*" (Var "n") (App (Var "fact") (Prim "-" (Var "n") (Lit 1)))))))

fibT :: Term
fibT = App z (Lam "fib" (Lam "n" (If0 (Var "n") (Lit 0) (If0 (Prim "-" (Var "n") (Lit 1)) (Lit 1)
          (Prim "+" (App (Var "fib") (Prim "-" (Var "n") (Lit 1)))
                    (App (Var "fib") (Prim "-" (Var "n") (Lit 2))))))))

church :: Int -> Term
church n = Lam "s" (Lam "z" (iterate (App (Var "s")) (Var "z") !! n))

unchurch :: Term -> Term
unchurch c = App (App c (Lam "k" (Prim "+" (Var "k") (Lit 1)))) (Lit 0)

main :: IO ()
main = do
  print (eval M.empty (App factT (Lit 20)))
  print (eval M.empty (App fibT (Lit 16)))
  print (eval M.empty (Let "sq" (Lam "x" (Prim "*" (Var "x") (Var "x"))) (App (Var "sq") (App (Var "sq") (Lit 7)))))
  let plus = Lam "m" (Lam "n" (Lam "s" (Lam "z" (App (App (Var "m") (Var "s")) (App (App (Var "n") (Var "s")) (Var "z"))))))
  print (eval M.empty (unchurch (App (App plus (church 30)) (church 12))))
  print (eval M.empty (Lam "y" (Var "y")), eval (M.fromList [("k", VInt 3)]) (Var "k"))
  print [eval M.empty (App factT (Lit n)) | n <- [0, 5, 10]]
