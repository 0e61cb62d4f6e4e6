-- mutual recursion: even/odd, a grammar of statements and expressions, Hofstadter sequences
isEven', isOdd' :: Int -> Bool
isEven' 0 = True
isEven' n = isOdd' (n - 1)
isOdd' 0 = False
isOdd' n = isEven' (n - 1)

hofF, hofM :: Int -> Int
hofF 0 = 1
hofF n = n - hofM (hofF (n - 1))
hofM 0 = 0
hofM n = n - hofF (hofM (n - 1))

data Stmt = Assign String Expr | Block [Stmt] | If Expr Stmt Stmt
data Expr = Lit Int | Ref String | Add Expr Expr | Cond Stmt Expr

countStmt :: Stmt -> Int
countStmt (Assign _ e) = 1 + countExpr e
countStmt (Block ss) = 1 + sum (map countStmt ss)
countStmt (If c t e) = 1 + countExpr c + countStmt t + countStmt e

countExpr :: Expr -> Int
countExpr (Lit _) = 1
countExpr (Ref _) = 1
countExpr (Add a b) = 1 + countExpr a + countExpr b
countExpr (Cond s e) = 1 + countStmt s + countExpr e

prettyStmt :: Int -> Stmt -> [String]
prettyStmt d (Assign v e) = [pad d ++ v ++ " := " ++ prettyExpr e]
prettyStmt d (Block ss) = [pad d ++ "{"] ++ concatMap (prettyStmt (d + 1)) ss ++ [pad d ++ "}"]
prettyStmt d (If c t e) =
  (pad d ++ "if " ++ prettyExpr c) : prettyStmt (d + 1) t ++ [pad d ++ "else"]
    ++ prettyStmt (d + 1) e

prettyExpr :: Expr -> String
prettyExpr (Lit n) = show n
prettyExpr (Ref v) = v
prettyExpr (Add a b) = "(" ++ prettyExpr a ++ " + " ++ prettyExpr b ++ ")"
prettyExpr (Cond s e) = "<" ++ show (countStmt s) ++ " stmts; " ++ prettyExpr e ++ ">"

pad :: Int -> String
pad d = replicate (2 * d) ' '

gen :: Int -> Stmt
gen 0 = Assign "x" (Lit 0)
gen n
  | even n = Block [gen (n - 1), Assign ("v" ++ show n) (Add (Ref "x") (Lit n))]
  | otherwise = If (Cond (gen (n `div` 2)) (Ref "y")) (gen (n - 1)) (Assign "z" (Lit (-n)))

main :: IO ()
main = do
  print (map isEven' [0, 7, 10, 1001], isOdd' 2021)
  print (map hofF [0 .. 20])
  print (map hofM [0 .. 20])
  mapM_ putStrLn (prettyStmt 0 (gen 5))
  print (map (countStmt . gen) [0 .. 12])
