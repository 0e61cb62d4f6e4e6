-- show of negative numbers inside records, nested Maybe/Either, tuples, newtype deriving
import qualified Data.Map as M

newtype Celsius = Celsius Double deriving (Eq, Ord, Show)
newtype Id = Id { unId :: Int } deriving (Eq, Ord, Show)

data Point = Point { px :: Int, py :: Int } deriving (Show, Eq, Ord)
data Reading = Reading { rid :: Id, temp :: Celsius, at :: Maybe Point, note :: Maybe (Maybe String) }
  deriving (Show, Eq)
data Op = Plus | Minus deriving (Show, Eq, Ord)
data Tree = Leaf | Branch Tree Int Tree deriving Show
data Wrap a = Wrap a | Pair a a deriving Show
infixr 5 :::
data Chain = End | Int ::: Chain deriving Show

build :: [Int] -> Tree
build [] = Leaf
build (x : xs) = Branch (build (filter (< x) xs)) x (build (filter (>= x) xs))

toChain :: [Int] -> Chain
toChain = foldr (:::) End

main :: IO ()
main = do
  let rs = [ Reading (Id 1) (Celsius (-3.5)) (Just (Point (-1) 2)) Nothing
           , Reading (Id (-2)) (Celsius 0.1) Nothing (Just Nothing)
           , Reading (Id 3) (Celsius 1.0e-3) (Just (Point 0 (-7))) (Just (Just "ok")) ]
  mapM_ print rs
  print (maximum (map temp rs), minimum (map rid rs), map (unId . rid) rs)
  print (Just (-1 :: Int), Just (Just (-2.5 :: Double)), [Left (-1), Right (Just (-3))] :: [Either Int (Maybe Int)])
  print (Just (Left (-4, Celsius (-0.5))) :: Maybe (Either (Int, Celsius) ()))
  print (build [5, -2, 8, 0, -9, 7])
  print (Wrap (-1 :: Int), Pair (Just (-2)) Nothing :: Wrap (Maybe Int), Wrap (Wrap (Id (-5))))
  print (toChain [1, -2, 3])
  print (M.fromList [(Point x (-x), Celsius (fromIntegral x / 4)) | x <- [-2 .. 2]])
  print (compare (Celsius 1) (Celsius (-1)), Id 3 < Id 4, Point 1 2 < Point 1 (-2))
  print [minimum [Plus, Minus], maximum [Plus, Minus]]
  print (showsPrec 11 (-5 :: Int) "", show (Just (-0.0 :: Double)), read "(-3)" + (1 :: Int))
  print ((-1, -2.0, Just (-3)) :: (Integer, Double, Maybe Integer), [(-1) ^ n | n <- [0 .. 4 :: Int]] :: [Int])
  print (map (\r -> r { temp = Celsius (-1), note = Nothing }) (take 1 rs))
  print (sum [px p * py p | Just p <- map at rs], [s | Just (Just s) <- map note rs])
