-- showsPrec written by hand next to derived Show of infix constructors with fixities
infixl 6 :+:
infixl 7 :*:
infixr 8 :^:

data E = Lit Int | Var String | E :+: E | E :*: E | E :^: E | Neg E
  deriving (Show, Eq)

data Expr = Num Int | Add Expr Expr | Mul Expr Expr | Pow Expr Expr | Sub Expr Expr | Ng Expr

instance Show Expr where
  showsPrec p (Num n) = showsPrec p n
  showsPrec p (Add a b) = showParen (p > 6) (showsPrec 6 a . showString " + " . showsPrec 7 b)
  showsPrec p (Sub a b) = showParen (p > 6) (showsPrec 6 a . showString " - " . showsPrec 7 b)
  showsPrec p (Mul a b) = showParen (p > 7) (showsPrec 7 a . showString " * " . showsPrec 8 b)
  showsPrec p (Pow a b) = showParen (p > 8) (showsPrec 9 a . showString "^" . showsPrec 8 b)
  showsPrec p (Ng e) = showParen (p > 9) (showChar '-' . showsPrec 10 e)

data Pair a b = Pair a b
instance (Show a, Show b) => Show (Pair a b) where
  showsPrec d (Pair a b) = showParen (d > 10) $ showString "Pair " . showsPrec 11 a . showChar ' ' . showsPrec 11 b

newtype Wrap = Wrap (Maybe Int)
instance Show Wrap where
  show (Wrap Nothing) = "<empty>"
  show (Wrap (Just n)) = "<" ++ show n ++ ">"

eval :: Expr -> Integer
eval (Num n) = toInteger n
eval (Add a b) = eval a + eval b
eval (Sub a b) = eval a - eval b
eval (Mul a b) = eval a * eval b
eval (Pow a b) = eval a ^ eval b
eval (Ng e) = negate (eval e)

toE :: Expr -> E
toE (Num n) = if n < 0 then Neg (Lit (negate n)) else Lit n
toE (Add a b) = toE a :+: toE b
toE (Sub a b) = toE a :+: Neg (toE b)
toE (Mul a b) = toE a :*: toE b
toE (Pow a b) = toE a :^: toE b
toE (Ng e) = Neg (toE e)

build :: Int -> Expr
build 0 = Num 1
build n
  | n `mod` 4 == 0 = Add (build (n - 1)) (Num n)
  | n `mod` 4 == 1 = Mul (build (n - 1)) (Sub (Num n) (Num 2))
  | n `mod` 4 == 2 = Sub (Num (negate n)) (build (n - 1))
  | otherwise = Ng (Add (build (n - 1)) (Pow (Num 2) (Num 2)))

main :: IO ()
main = do
  let es = [Add (Num 1) (Mul (Num 2) (Num 3)), Mul (Add (Num 1) (Num 2)) (Num 3),
            Pow (Num 2) (Pow (Num 3) (Num 2)), Pow (Pow (Num 2) (Num 3)) (Num 2),
            Sub (Num 5) (Sub (Num 3) (Num 1)), Ng (Num (-4)), Mul (Ng (Num 3)) (Num (-2))]
  mapM_ (\e -> putStrLn (show e ++ " = " ++ show (eval e))) es
  mapM_ (print . toE) (take 4 es)
  print (Lit 1 :+: Lit 2 :+: Lit 3, Lit 1 :+: (Lit 2 :+: Lit 3), Lit 2 :^: Lit 3 :^: Lit 4)
  print (Just (Var "x" :*: Neg (Lit (-1))))
  print (Pair (Just (-3)) [Pair 'a' "b"], [Wrap Nothing, Wrap (Just 5)])
  let big = build 60
  print (length (show big), eval big `mod` 1000)
  print (length (show (toE big)), toE (build 3))
  print (showsPrec 11 (-5 :: Int) "", shows (Pair 1.5 (-2 :: Int)) "!", showParen True (shows 'x') "")
