-- Constructors passed as functions and cases that rebuild what they matched (session 24):
-- GHC 9.0.2 -O0 saturates a constructor used as a value with a lambda (`map Just xs':
-- a 16-byte closure at each call), and drops a case whose every alternative rebuilds its
-- pattern (`f (Just x) = Just x; f Nothing = Nothing': nothing allocated); one
-- alternative building something else keeps the case and its cells. A constructor partly
-- applied (`map (P x) xs') is a closure of its arguments, no PAP.
import qualified Data.Map as M

find :: Int -> M.Map Int String -> Either String String
find i b = maybe (Left ("no account " ++ show i)) Right (M.lookup i b)

find2 :: Int -> M.Map Int String -> Either String String
find2 i b = maybe (Left "none") Right (M.lookup i b)

f3 :: Int -> M.Map Int String -> Maybe String
f3 i b = maybe Nothing Just (M.lookup i b)

f4 :: Int -> M.Map Int String -> Maybe String
f4 i b = M.lookup i b

f5 :: Int -> M.Map Int String -> Maybe String
f5 i b = case M.lookup i b of
  Nothing -> Nothing
  Just x -> Just x

f6 :: Int -> Maybe Int -> Maybe Int
f6 i m = maybe Nothing Just m

f7 :: Int -> Maybe Int -> Int
f7 i m = maybe 0 (+ i) m

f8 :: Int -> Maybe Int -> Maybe Int
f8 i m = fmap (+ i) m

g1 :: [Int] -> [Maybe Int]
g1 xs = map Just xs

g2 :: [Int] -> [(Int, Int)]
g2 xs = zipWith (,) xs xs

g3 :: [Int] -> [Int]
g3 xs = foldr (:) [] xs

g5 :: Either Int Int -> Either Int Int
g5 x = either Left Right x

g6 :: [Int] -> [Either Int Int]
g6 xs = map Left xs ++ map Right xs

g7 :: Maybe Int -> Maybe Int
g7 m = case m of
  Nothing -> Nothing
  Just x -> Just x

g8 :: Maybe Int -> Maybe Int
g8 (Just x) = Just x
g8 Nothing = Nothing

g9 :: Either Int Int -> Either Int Int
g9 e = case e of
  Left a -> Left a
  Right b -> Right (b + 1)

data P = P Int Int deriving Show

g10 :: P -> P
g10 (P a b) = P a b

g11 :: [Int] -> [P]
g11 xs = zipWith P xs xs

h1 :: [Int] -> [P]
h1 xs = map (P 1) xs

h2 :: Int -> [Int] -> [P]
h2 x xs = map (P x) xs

h3 :: Int -> [Int] -> [(Int, Int)]
h3 x xs = map ((,) x) xs

h4 :: [Int] -> [Either Int Int]
h4 xs = map (Left . (+ 1)) xs

h5 :: Int -> [[Int]] -> [[Int]]
h5 x xs = map (x :) xs

main :: IO ()
main = do
  let m = M.fromList [(k, show k) | k <- [1 .. 10 :: Int]]
  print [either length length (find k m) | k <- [1 .. 10]]
  print [either length length (find2 k m) | k <- [1 .. 10]]
  print [fmap length (f3 k m) | k <- [1 .. 10]]
  print [fmap length (f4 k m) | k <- [1 .. 10]]
  print [fmap length (f5 k m) | k <- [1 .. 10]]
  print [f6 k (Just k) | k <- [1 .. 10]]
  print [f7 k (Just k) | k <- [1 .. 10]]
  print [f8 k (Just k) | k <- [1 .. 10]]
  print (sum [length (g1 [1 .. k]) | k <- [1 .. 10]])
  print (sum [length (g2 [1 .. k]) | k <- [1 .. 10]])
  print (sum [length (g3 [1 .. k]) | k <- [1 .. 10]])
  print [g5 (if even k then Left k else Right k) | k <- [1 .. 10]]
  print (sum [length (g6 [1 .. k]) | k <- [1 .. 10]])
  print [g7 (if even k then Nothing else Just k) | k <- [1 .. 10]]
  print [g8 (if even k then Nothing else Just k) | k <- [1 .. 10]]
  print [g9 (if even k then Left k else Right k) | k <- [1 .. 10]]
  print [g10 (P k k) | k <- [1 .. 5]]
  print (length (g11 [1 .. 10]))
  print (sum [length (h1 [1 .. k]) | k <- [1 .. 10]])
  print (sum [length (h2 k [1 .. k]) | k <- [1 .. 10]])
  print (sum [length (h3 k [1 .. k]) | k <- [1 .. 10]])
  print (sum [length (h4 [1 .. k]) | k <- [1 .. 10]])
  print (sum [length (h5 k [[1 .. k]]) | k <- [1 .. 10]])
