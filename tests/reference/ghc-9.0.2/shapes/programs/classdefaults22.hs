-- a type class with default methods, instances at several types, polymorphic functions
class Describable a where
  describe :: a -> String
  describe _ = "<thing>"
  tag :: a -> String
  tag x = "[" ++ describe x ++ "]"
  size :: a -> Int
  size = length . describe

data Colour = Red | Green | Blue deriving (Show, Eq, Enum, Bounded)
newtype Meters = Meters Double
data Pair a b = Pair a b

instance Describable Colour where
  describe c = "colour " ++ show c

instance Describable Bool

instance Describable Int where
  describe n = "int " ++ show n
  size n = n

instance Describable Meters where
  describe (Meters m) = show m ++ "m"
  tag (Meters m) = "<" ++ show (round m :: Int) ++ ">"

instance Describable a => Describable [a] where
  describe xs = unwords (map describe xs)
  size = sum . map size

instance (Describable a, Describable b) => Describable (Pair a b) where
  describe (Pair a b) = describe a ++ " & " ++ describe b

instance Describable a => Describable (Maybe a) where
  describe Nothing = "nothing"
  describe (Just x) = "just " ++ describe x

report :: Describable a => a -> String
report x = tag x ++ " size " ++ show (size x)

largest :: Describable a => [a] -> Maybe String
largest [] = Nothing
largest xs = Just (snd (maximum [(size x, describe x) | x <- xs]))

class Container f where
  cmap :: (a -> b) -> f a -> f b
  toL :: f a -> [a]
  count :: f a -> Int
  count = length . toL

newtype Box a = Box a
data Three a = Three a a a

instance Container Box where
  cmap f (Box a) = Box (f a)
  toL (Box a) = [a]

instance Container Three where
  cmap f (Three a b c) = Three (f a) (f b) (f c)
  toL (Three a b c) = [a, b, c]
  count _ = 3

total :: (Container f) => f Int -> Int
total = sum . toL . cmap (* 10)

main :: IO ()
main = do
  putStrLn (report Red)
  putStrLn (report True)
  putStrLn (report (7 :: Int))
  putStrLn (report (Meters 3.6))
  putStrLn (report [minBound .. maxBound :: Colour])
  putStrLn (report (Pair Green (Just (4 :: Int))))
  putStrLn (report (Nothing :: Maybe Bool))
  print (largest [Red, Green, Blue], largest ([] :: [Int]), largest [1, 20, 3 :: Int])
  print (total (Box 4), total (Three 1 2 3), count (Box 'x'), count (Three 'a' 'b' 'c'))
  print (sum (map (size . (\k -> Pair k (Meters (fromIntegral k)))) [1 .. 300 :: Int]))
