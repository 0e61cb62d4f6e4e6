-- Own classes with superclasses, defaults, instance contexts, used polymorphically
import Data.List (sortBy, maximumBy)
import Data.Ord (comparing)

class Show a => Shape a where
  area :: a -> Double
  perimeter :: a -> Double
  name :: a -> String
  name x = takeWhile (/= ' ') (show x)
  describe :: a -> String
  describe x = name x ++ " area=" ++ show (round2 (area x)) ++ " perim=" ++ show (round2 (perimeter x))

class Shape a => Solid a where
  depth :: a -> Double
  volume :: a -> Double
  volume x = area x * depth x

data Figure = Circle { radius :: Double }
            | Rect { width, height :: Double }
            | Tri { sa, sb, sc :: Double }
  deriving (Show, Eq)

data Prism = Prism Figure Double deriving Show

newtype Square = Square Double deriving Show

round2 :: Double -> Double
round2 x = fromIntegral (round (x * 100) :: Int) / 100

instance Shape Figure where
  area (Circle r) = pi * r * r
  area (Rect w h) = w * h
  area (Tri a b c) = let s = (a + b + c) / 2 in sqrt (s * (s - a) * (s - b) * (s - c))
  perimeter (Circle r) = 2 * pi * r
  perimeter (Rect w h) = 2 * (w + h)
  perimeter (Tri a b c) = a + b + c

instance Shape Square where
  area (Square s) = s * s
  perimeter (Square s) = 4 * s
  name _ = "Sq"

instance Shape Prism where
  area (Prism f _) = area f
  perimeter (Prism f _) = perimeter f
  describe p = "prism of " ++ describe (base p) ++ " vol=" ++ show (round2 (volume p))
    where base (Prism f _) = f

instance Solid Prism where
  depth (Prism _ d) = d

instance Shape a => Shape [a] where
  area xs = sum (map area xs)
  perimeter xs = sum (map perimeter xs)

instance (Shape a, Shape b) => Shape (Either a b) where
  area = either area area
  perimeter (Left a) = perimeter a
  perimeter (Right b) = perimeter b
  name (Left a) = "L." ++ name a
  name (Right b) = "R." ++ name b

totalArea :: Shape a => [a] -> Double
totalArea = foldr (\s acc -> area s + acc) 0

largest :: Shape a => [a] -> a
largest = maximumBy (comparing area)

ranked :: Shape a => [a] -> [String]
ranked xs = [show i ++ ". " ++ describe s | (i, s) <- zip [1 :: Int ..] (sortBy (comparing area) xs)]

totalVolume :: Solid a => [a] -> Double
totalVolume xs = sum [volume x | x <- xs]

figures :: Int -> [Figure]
figures n = [mk i | i <- [1 .. n]]
  where mk i | i `mod` 3 == 0 = Circle (fromIntegral i / 10)
             | i `mod` 3 == 1 = Rect (fromIntegral i) (fromIntegral (i `mod` 7 + 1))
             | otherwise = Tri 3 4 (fromIntegral (i `mod` 3) + 4)

main :: IO ()
main = do
  let fs = figures 300
  print (round2 (totalArea fs), round2 (totalArea (map (Square . fromIntegral) [1 .. 200 :: Int])))
  putStrLn (describe (largest fs))
  mapM_ putStrLn (take 5 (ranked fs))
  let prisms = [Prism f (fromIntegral (k `mod` 5 + 1)) | (k, f) <- zip [1 :: Int ..] fs]
  print (round2 (totalVolume prisms))
  putStrLn (describe (head prisms))
  let mixed = [if even k then Left f else Right (Square (fromIntegral k)) | (k, f) <- zip [1 :: Int ..] (take 100 fs)]
  print (round2 (totalArea mixed), name (head mixed), name (mixed !! 1))
  putStrLn (describe [Circle 1, Rect 2 3])
  print (map (round2 . area) (take 3 (chunks 4 fs)))
  let r = Rect { width = 3, height = 4 }
  print (r { height = 10 }, area r { width = 1 })
  where chunks k xs = if null xs then [] else take k xs : chunks k (drop k xs)
