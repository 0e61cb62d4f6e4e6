-- A type checker for a small lambda calculus in Either, with an environment Map
module Main where

import qualified Data.Map as M
import Control.Monad (unless, zipWithM_)

data Ty = TInt | TBool | TFun Ty Ty | TPair Ty Ty deriving (Eq, Show)

data Expr = Lit Int | BoolE Bool | Var String | Lam String Ty Expr | App Expr Expr
          | Add Expr Expr | If Expr Expr Expr | Eq' Expr Expr | Pair Expr Expr
          | Fst Expr | Snd Expr | Let String Expr Expr
  deriving Show

type Env = M.Map String Ty

pretty :: Ty -> String
pretty TInt = "Int"
pretty TBool = "Bool"
pretty (TFun a b) = paren a ++ " -> " ++ pretty b
  where paren t@(TFun _ _) = "(" ++ pretty t ++ ")"
        paren t = pretty t
pretty (TPair a b) = "(" ++ pretty a ++ ", " ++ pretty b ++ ")"

expect :: Ty -> Ty -> String -> Either String ()
expect want got what = unless (want == got) $
  Left (what ++ ": expected " ++ pretty want ++ " but got " ++ pretty got)

typeOf :: Env -> Expr -> Either String Ty
typeOf _ (Lit _) = Right TInt
typeOf _ (BoolE _) = Right TBool
typeOf env (Var x) = maybe (Left ("unbound " ++ x)) Right (M.lookup x env)
typeOf env (Lam x t b) = TFun t <$> typeOf (M.insert x t env) b
typeOf env (App f a) = do
  tf <- typeOf env f
  ta <- typeOf env a
  case tf of
    TFun p r -> expect p ta "argument" >> return r
    _ -> Left ("not a function: " ++ pretty tf)
typeOf env (Add a b) = do
  mapM_ (\e -> typeOf env e >>= \t -> expect TInt t "operand of +") [a, b]
  return TInt
typeOf env (If c t e) = do
  tc <- typeOf env c
  expect TBool tc "condition"
  tt <- typeOf env t
  te <- typeOf env e
  expect tt te "else branch"
  return tt
typeOf env (Eq' a b) = do
  ts <- traverse (typeOf env) [a, b]
  zipWithM_ (\t i -> expect TInt t ("== operand " ++ show i)) ts [1 :: Int ..]
  return TBool
typeOf env (Pair a b) = TPair <$> typeOf env a <*> typeOf env b
typeOf env (Fst p) = typeOf env p >>= \t -> case t of
  TPair a _ -> Right a
  _ -> Left ("fst of " ++ pretty t)
typeOf env (Snd p) = typeOf env p >>= \t -> case t of
  TPair _ b -> Right b
  _ -> Left ("snd of " ++ pretty t)
typeOf env (Let x e b) = typeOf env e >>= \t -> typeOf (M.insert x t env) b

programs :: [Expr]
programs =
  [ Lam "x" TInt (Add (Var "x") (Lit 1))
  , App (Lam "x" TInt (Add (Var "x") (Lit 1))) (BoolE True)
  , Let "twice" (Lam "f" (TFun TInt TInt) (Lam "x" TInt (App (Var "f") (App (Var "f") (Var "x")))))
      (App (Var "twice") (Lam "y" TInt (Add (Var "y") (Var "y"))))
  , If (Eq' (Lit 1) (Lit 2)) (Pair (Lit 1) (BoolE False)) (Pair (Lit 0) (BoolE True))
  , If (Lit 1) (Lit 2) (Lit 3)
  , Fst (Snd (Pair (Lit 1) (Pair (BoolE True) (Lit 2))))
  , Add (Var "z") (Lit 1)
  , Eq' (Lit 3) (BoolE True)
  , Lam "p" (TPair TInt (TFun TInt TBool)) (App (Snd (Var "p")) (Fst (Var "p")))
  , App (Lit 3) (Lit 4)
  , If (BoolE True) (Lit 1) (BoolE False)
  ]

deep :: Int -> Expr
deep 0 = Pair (Lit 0) (BoolE True)
deep n = Let ("v" ++ show n) (Add (Fst (deep (n - 1))) (Lit n))
             (Pair (Var ("v" ++ show n)) (Snd (Pair (Lit n) (Eq' (Var ("v" ++ show n)) (Lit 3)))))

main :: IO ()
main = do
  mapM_ (putStrLn . either ("error: " ++) pretty . typeOf M.empty) programs
  print (typeOf M.empty (Fst (deep 3)))
  print (map (either length (length . pretty) . typeOf M.empty . deep) [10, 20 .. 80])
  print (mapM (typeOf (M.fromList [("a", TInt), ("b", TBool)])) [Var "a", Var "b", Eq' (Var "a") (Lit 1)])
  print (sequence [typeOf M.empty e | e <- take 3 programs])
