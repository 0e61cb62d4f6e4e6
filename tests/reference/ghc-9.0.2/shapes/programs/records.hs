data Expr = Num Int | Add Expr Expr | Mul Expr Expr | Var String | Let String Expr Expr
  deriving (Show, Eq)

data Env = Env { names :: [String], vals :: [Int] }

data Point = Point
  { px :: Double
  , py, pz :: Double
  } deriving (Show, Eq)

data Shape = Circle { centre :: Point, radius :: Double }
           | Box { centre :: Point, side :: Double }
           deriving Show

lookupVar :: String -> Env -> Int
lookupVar v env = case lookup v (zip (names env) (vals env)) of
  Just x -> x
  Nothing -> 0

eval :: Env -> Expr -> Int
eval _ (Num n) = n
eval env (Add a b) = eval env a + eval env b
eval env (Mul a b) = eval env a * eval env b
eval env (Var v) = lookupVar v env
eval env (Let v e b) = eval env { names = v : names env, vals = eval env e : vals env } b

build :: Int -> Expr
build 0 = Num 1
build n = Let ("x" ++ show (n `mod` 5)) (Add (Num n) (build (n - 1))) (Mul (Var "x1") (Num 2))

norm :: Point -> Double
norm Point { px = x, py = y } = sqrt (x * x + y * y)

isBox :: Shape -> Bool
isBox Box {} = True
isBox _ = False

moveX :: Double -> Shape -> Shape
moveX d s = s { centre = (centre s) { px = px (centre s) + d } }

main :: IO ()
main = do
  let es = [build k | k <- [1 .. 60]]
  print (sum (map (eval (Env [] [])) es))
  let p = Point { px = 3, py = 4, pz = 0 }
  print (p, norm p, p { pz = 1 } == p)
  let shapes = [Circle { centre = p, radius = 2 }, Box (Point 0 0 0) 1]
  print (map isBox shapes, map (centre . moveX 1) shapes)
  print (map radius (filter (not . isBox) shapes))
