data V2 = V2 Double Double deriving (Show, Eq)

instance Num V2 where
  V2 a b + V2 c d = V2 (a + c) (b + d)
  V2 a b * V2 c d = V2 (a * c) (b * d)
  abs (V2 a b) = V2 (abs a) (abs b)
  signum (V2 a b) = V2 (signum a) (signum b)
  fromInteger n = V2 (fromInteger n) (fromInteger n)
  negate (V2 a b) = V2 (negate a) (negate b)

norm :: V2 -> Double
norm (V2 a b) = sqrt (a * a + b * b)

main :: IO ()
main = do
  let ps = [V2 1 2, V2 3 4, V2 (-1) 0.5]
  print (sum ps)
  print (map norm ps)
  print (V2 1 1 * 3 - V2 0.5 0.5)
