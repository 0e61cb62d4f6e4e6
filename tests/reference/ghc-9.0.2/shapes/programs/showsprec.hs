-- A ShowS pretty printer with precedences, beside derived Show instances.
data Term = Lit Int | Neg Term | Term :+: Term | Term :*: Term | App String [Term]

infixl 6 :+:
infixl 7 :*:

instance Show Term where
  showsPrec d (Lit n) = showsPrec d n
  showsPrec d (Neg t) = showParen (d > 9) $ showString "negate " . showsPrec 10 t
  showsPrec d (a :+: b) = showParen (d > 6) $ showsPrec 6 a . showString " + " . showsPrec 7 b
  showsPrec d (a :*: b) = showParen (d > 7) $ showsPrec 7 a . showString " * " . showsPrec 8 b
  showsPrec _ (App f args) =
    showString f . showChar '(' . commaSep (map (showsPrec 0) args) . showChar ')'

commaSep :: [ShowS] -> ShowS
commaSep [] = id
commaSep [s] = s
commaSep (s:ss) = s . showString ", " . commaSep ss

data Point = Point { px :: Int, py :: Int } deriving (Show, Eq)
data Shape = Circle Point Int | Rect { corner :: Point, w :: Int, h :: Int } deriving Show
data Pair a b = a :& b deriving Show
infixr 5 :&
newtype Wrap = Wrap { unwrap :: Maybe Int } deriving Show

build :: Int -> Term
build 0 = Lit 1
build n
  | even n = build (n - 1) :+: Lit n :*: Neg (Lit (negate n))
  | otherwise = App "f" [build (n - 1), Lit n] :*: (Lit 2 :+: Lit n)

table :: [(String, Int)] -> ShowS
table rows = foldr (\(k, v) acc -> showString k . showString " = " . shows v . showChar '\n' . acc) id rows

main :: IO ()
main = do
  print (Lit 1 :+: Lit 2 :*: Lit 3)
  print ((Lit 1 :+: Lit 2) :*: Lit 3)
  print (Neg (Lit (-4)) :+: App "max" [Lit 1, Neg (Lit 2) :*: Lit 3])
  print (build 5)
  print (Point 3 (-4))
  print [Circle (Point (-1) 2) 5, Rect { corner = Point 0 0, w = 3, h = -2 }]
  print (1 :& 'x' :& "str")
  print (Just (Point { px = -7, py = 8 }))
  print (Wrap (Just (-3)), Wrap Nothing)
  print (Left (-2) :: Either Int (Pair Int Int), Right (3 :& (-4)) :: Either Int (Pair Int Int))
  putStr (table [("alpha", 1), ("beta", -22), ("gamma", 333)] "")
  putStrLn (showsPrec 11 (-5 :: Int) "" ++ " " ++ shows (Just (-5 :: Int)) "")
  let big = build 120
  print (length (show big))
  print (sum (map (length . show . build) [1 .. 40]))
  print (length (concatMap (\k -> show (Rect (Point k (-k)) (k * 2) (negate k))) [1 .. 300]))
