-- a class hierarchy: superclass methods used through the subclass, defaults at two instances
infixl 6 |+|
infixl 7 *|

class Describable a where
  describe :: a -> String
  describe _ = "<thing>"
  label :: a -> String
  label x = "[" ++ describe x ++ "]"

class Describable a => Shape a where
  area :: a -> Double
  perimeter :: a -> Double
  summary :: a -> String
  summary s = label s ++ " area=" ++ show (area s) ++ " perim=" ++ show (perimeter s)

class Shape a => Solid a where
  depth :: a -> Double
  volume :: a -> Double
  volume s = area s * depth s

data Rect = Rect Double Double deriving Show
data Circle = Circle Double deriving Show
data Prism = Prism Rect Double deriving Show

instance Describable Rect where
  describe (Rect w h) = "rect " ++ show w ++ "x" ++ show h

instance Describable Circle

instance Describable Prism where
  describe (Prism r d) = "prism of " ++ describe r ++ " depth " ++ show d
  label p = "<<" ++ describe p ++ ">>"

instance Shape Rect where
  area (Rect w h) = w * h
  perimeter (Rect w h) = 2 * (w + h)

instance Shape Circle where
  area (Circle r) = 3 * r * r
  perimeter (Circle r) = 6 * r
  summary c = "circle with r*r*3 = " ++ show (area c)

instance Shape Prism where
  area (Prism r _) = area r
  perimeter (Prism r _) = perimeter r

instance Solid Prism where
  depth (Prism _ d) = d

class Vec v where
  (|+|) :: v -> v -> v
  (*|) :: Double -> v -> v
  zeroV :: v
  sumV :: [v] -> v
  sumV = foldr (|+|) zeroV

data V2 = V2 Double Double deriving (Show, Eq)

instance Vec V2 where
  V2 a b |+| V2 c d = V2 (a + c) (b + d)
  k *| V2 a b = V2 (k * a) (k * b)
  zeroV = V2 0 0

instance Vec Double where
  (|+|) = (+)
  (*|) = (*)
  zeroV = 0
  sumV = sum

largest :: Shape a => [a] -> Maybe a
largest [] = Nothing
largest (x : xs) = Just (foldl pick x xs)
  where pick a b = if area b > area a then b else a

totalArea :: Shape a => [a] -> Double
totalArea = sum . map area

main :: IO ()
main = do
  let rs = [Rect 2 3, Rect 1.5 4, Rect 10 0.5, Rect 7 7]
      cs = map Circle [1, 2.5, 0.5]
      ps = [Prism r d | (r, d) <- zip rs [1, 2, 3]]
  mapM_ (putStrLn . summary) rs
  mapM_ (putStrLn . summary) cs
  mapM_ (putStrLn . summary) ps
  putStrLn (label (head cs))
  print (map volume ps)
  print (largest rs, largest cs)
  print (totalArea rs, totalArea cs, totalArea ps)
  print (V2 1 2 |+| 2 *| V2 3 4 |+| zeroV)
  print (sumV [V2 (fromIntegral i) (fromIntegral (i * i)) | i <- [1 .. 50 :: Int]])
  print (sumV [1.5, 2.5, 3 *| 2 :: Double])
  print (sum [volume (Prism (Rect w 1) 2) | w <- [1 .. 200]])
