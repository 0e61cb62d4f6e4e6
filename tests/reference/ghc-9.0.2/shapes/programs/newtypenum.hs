-- Num instances of the program's own types (issue 18 item 1, shapes20): newtypes over
-- Integer, Int and Double (GHC: a cast, the method is Integer's/Int's/Double's own) and a
-- data type; each operation in a function of its own, called 20 times
newtype V = V Integer deriving (Show, Eq)

instance Num V where
  V a + V b = V (a + b)
  V a * V b = V (a * b)
  V a - V b = V (a - b)
  abs (V a) = V (abs a)
  signum (V a) = V (signum a)
  fromInteger n = V n

newtype I = I Int deriving (Show, Eq)

instance Num I where
  I a + I b = I (a + b)
  I a * I b = I (a * b)
  I a - I b = I (a - b)
  abs (I a) = I (abs a)
  signum (I a) = I (signum a)
  fromInteger n = I (fromInteger n)

newtype D = D Double deriving (Show, Eq)

instance Num D where
  D a + D b = D (a + b)
  D a * D b = D (a * b)
  D a - D b = D (a - b)
  abs (D a) = D (abs a)
  signum (D a) = D (signum a)
  fromInteger n = D (fromInteger n)

data P = P Int Int deriving (Show, Eq)

instance Num P where
  P a b + P c d = P (a + c) (b + d)
  P a b * P c d = P (a * c) (b * d)
  P a b - P c d = P (a - c) (b - d)
  abs (P a b) = P (abs a) (abs b)
  signum (P a b) = P (signum a) (signum b)
  fromInteger n = P (fromInteger n) (fromInteger n)

addV :: V -> V -> V
addV x y = x + y

mulV :: V -> V -> V
mulV x y = x * y

addI :: I -> I -> I
addI x y = x + y

subI :: I -> I -> I
subI x y = x - y

addD :: D -> D -> D
addD x y = x + y

addP :: P -> P -> P
addP x y = x + y

sumV :: [V] -> V
sumV = foldr (+) 0

main :: IO ()
main = do
  let ks = [1 .. 20] :: [Int]
  mapM_ (\k -> print (addV (V (toInteger k)) (V 4))) ks
  mapM_ (\k -> print (mulV (V (toInteger k)) (V 7))) ks
  mapM_ (\k -> print (addI (I k) (I 3))) ks
  mapM_ (\k -> print (subI (I k) (I 3))) ks
  mapM_ (\k -> print (addD (D (fromIntegral k)) (D 0.5))) ks
  mapM_ (\k -> print (addP (P k 1) (P 2 k))) ks
  print (sumV (map V [1 .. 100]))
  print (abs (V (-5)), signum (I (-2)), abs (D 2.5))
  -- a second use of each function: none is inlined at its only call
  print (addV 1 2, mulV 3 4, addI 5 6, subI 7 8, addD 9 10, addP 11 12)
