class Shape a where
  area :: a -> Double
  name :: a -> String
  describe :: a -> String
  describe x = name x ++ " of area " ++ show (area x)

data Circle = Circle Double
data Square = Square Double

instance Shape Circle where
  area (Circle r) = 3 * r * r
  name _ = "circle"

instance Shape Square where
  area (Square s) = s * s
  name _ = "square"
  describe s = "a square " ++ show (area s)

class Container f where
  empty :: f a
  insert :: a -> f a -> f a
  toL :: f a -> [a]

newtype Box a = Box [a]

instance Container Box where
  empty = Box []
  insert x (Box xs) = Box (x : xs)
  toL (Box xs) = xs

total :: Shape a => [a] -> Double
total xs = sum (map area xs)

main :: IO ()
main = do
  putStrLn (describe (Circle 1))
  putStrLn (describe (Square 2))
  print (total [Circle 1, Circle 2], total [Square i | i <- [1 .. 100]])
  print (toL (insert (1 :: Int) (insert 2 empty) :: Box Int))
