-- records with several constructors, field update, field selectors and derived Show
data Shape
  = Circle { name :: String, radius :: Double }
  | Rect { name :: String, width :: Double, height :: Double }
  | Poly { name :: String, points :: [(Int, Int)] }
  deriving (Show, Eq)

data Account = Account
  { owner :: String
  , balance :: Integer
  , history :: [Integer]
  , limit :: Maybe Integer
  } deriving Show

area :: Shape -> Double
area (Circle _ r) = pi * r * r
area Rect { width = w, height = h } = w * h
area (Poly _ ps) = abs (fromIntegral (sum (zipWith cross ps (tail ps ++ take 1 ps)))) / 2
  where cross (x1, y1) (x2, y2) = x1 * y2 - x2 * y1

scale :: Double -> Shape -> Shape
scale k s@Circle {} = s { radius = radius s * k }
scale k s@Rect { width = w } = s { width = w * k, height = height s * k }
scale k s = s { points = [(round (fromIntegral x * k), round (fromIntegral y * k)) | (x, y) <- points s] }

deposit :: Integer -> Account -> Account
deposit n acc = acc { balance = balance acc + n, history = n : history acc }

withdraw :: Integer -> Account -> Either String Account
withdraw n acc
  | maybe False (n >) (limit acc) = Left (owner acc ++ ": over limit")
  | balance acc < n = Left (owner acc ++ ": insufficient funds")
  | otherwise = Right acc { balance = balance acc - n, history = negate n : history acc }

main :: IO ()
main = do
  let shapes = [Circle "c1" 1.5, Rect { name = "r1", width = 2, height = -3.5 },
                Poly "tri" [(0, 0), (4, 0), (0, -3)]]
  mapM_ print shapes
  print (map area shapes)
  print (map (scale 2) shapes)
  print (map name shapes, (shapes !! 1) { name = "renamed" } == shapes !! 1)
  let acc = Account { owner = "ann", balance = 100, history = [], limit = Just 500 }
      steps = [Right . deposit 50, withdraw 30, withdraw 1000, Right . deposit (-20), withdraw 600]
      run a f = either (const a) id (f a)
  print (foldl run acc steps)
  print (map (either id (show . balance) . ($ acc)) steps)
  print (acc { limit = Nothing, history = [-1, 2] })
  print (sum (map (balance . (\k -> deposit k acc)) [1 .. 500]))
