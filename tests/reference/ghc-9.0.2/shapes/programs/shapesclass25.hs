-- A class hierarchy with records, Functor/Foldable for a user tree, Semigroup/Monoid instances
import Data.List (sortBy, foldl')
import Data.Ord (comparing)

class HasArea a where
  area :: a -> Double
  perimeter :: a -> Double
  describe :: a -> String
  describe x = "area " ++ show2 (area x) ++ ", perimeter " ++ show2 (perimeter x)

show2 :: Double -> String
show2 d = show (fromIntegral (round (d * 100) :: Integer) / 100 :: Double)

data Circle = Circle { radius :: Double }
data Rect = Rect { width :: Double, height :: Double }
data Triangle = Triangle Double Double Double

instance HasArea Circle where
  area (Circle r) = pi * r * r
  perimeter c = 2 * pi * radius c

instance HasArea Rect where
  area r = width r * height r
  perimeter (Rect w h) = 2 * (w + h)
  describe r
    | width r == height r = "square of side " ++ show (width r)
    | otherwise = "rect " ++ show (width r) ++ "x" ++ show (height r)

instance HasArea Triangle where
  area (Triangle a b c) = let s = (a + b + c) / 2 in sqrt (s * (s - a) * (s - b) * (s - c))
  perimeter (Triangle a b c) = a + b + c



data Tree a = Tip | Bin (Tree a) a (Tree a)

instance Functor Tree where
  fmap _ Tip = Tip
  fmap f (Bin l x r) = Bin (fmap f l) (f x) (fmap f r)

instance Foldable Tree where
  foldr _ z Tip = z
  foldr f z (Bin l x r) = foldr f (f x (foldr f z r)) l

insertT :: Ord a => a -> Tree a -> Tree a
insertT x Tip = Bin Tip x Tip
insertT x t@(Bin l y r) = case compare x y of
  LT -> Bin (insertT x l) y r
  GT -> Bin l y (insertT x r)
  EQ -> t

depth :: Tree a -> Int
depth Tip = 0
depth (Bin l _ r) = 1 + max (depth l) (depth r)

newtype MinMax = MinMax (Maybe (Double, Double))

instance Semigroup MinMax where
  MinMax Nothing <> m = m
  m <> MinMax Nothing = m
  MinMax (Just (a, b)) <> MinMax (Just (c, d)) = MinMax (Just (min a c, max b d))

instance Monoid MinMax where
  mempty = MinMax Nothing

single :: Double -> MinMax
single d = MinMax (Just (d, d))

data Stats = Stats { count :: Int, total :: Double } deriving Show

instance Semigroup Stats where
  Stats a b <> Stats c d = Stats (a + c) (b + d)
instance Monoid Stats where
  mempty = Stats 0 0

main :: IO ()
main = do
  let circles = [Circle r | r <- [1, 1.5 .. 4]]
      rects = [Rect w h | w <- [1 .. 3], h <- [2, 3]]
      tris = [Triangle 3 4 5, Triangle 5 5 5, Triangle 2 3 4]
  mapM_ (putStrLn . describe) circles
  mapM_ (putStrLn . describe) rects
  mapM_ (putStrLn . describe) tris
  let areas = map area circles ++ map area rects ++ map area tris
      t = foldr insertT Tip (map (round . (* 10)) areas :: [Int])
  print (sum t, product (fmap (`mod` 7) t), length t, maximum t, depth t, elem 30 t)
  print (foldr (:) [] (fmap (* 2) t))
  let MinMax mm = foldMap single areas
  print (fmap (\(a, b) -> (show2 a, show2 b)) mm)
  print (mconcat [Stats 1 a | a <- areas], foldl' (<>) mempty (map (Stats 1 . perimeter) rects))
  print (map fst (sortBy (comparing snd) (zip [1 :: Int ..] (map perimeter tris))))
