import Control.Monad (forM_, mapM_, when, unless, replicateM_)
import Data.IORef

data Tree a = Leaf | Branch (Tree a) a (Tree a)

instance Functor Tree where
  fmap _ Leaf = Leaf
  fmap f (Branch l x r) = Branch (fmap f l) (f x) (fmap f r)

instance Foldable Tree where
  foldr _ z Leaf = z
  foldr f z (Branch l x r) = foldr f (f x (foldr f z r)) l

insertT :: Ord a => a -> Tree a -> Tree a
insertT x Leaf = Branch Leaf x Leaf
insertT x t@(Branch l y r)
  | x < y = Branch (insertT x l) y r
  | x > y = Branch l y (insertT x r)
  | otherwise = t

depth :: Tree a -> Int
depth Leaf = 0
depth (Branch l _ r) = 1 + max (depth l) (depth r)

class Describe a where
  name :: a -> String
  describe :: a -> String
  describe x = "<" ++ name x ++ ">"

class Describe a => Priced a where
  cost :: a -> Int
  discounted :: Int -> a -> Int
  discounted pct x = cost x - cost x * pct `div` 100

data Fruit = Apple | Pear | Plum deriving (Show, Eq)
data Tool = Tool String Int deriving Show

instance Describe Fruit where
  name = show

instance Describe Tool where
  name (Tool n _) = n
  describe t = "tool " ++ name t

instance Priced Fruit where
  cost Apple = 30
  cost Pear = 45
  cost Plum = 12

instance Priced Tool where
  cost (Tool _ c) = c
  discounted pct t = max 1 (cost t - pct)

totalCost :: Priced a => [a] -> Int
totalCost = sum . map cost

main :: IO ()
main = do
  let t = foldr insertT Leaf [ (i * 37) `mod` 101 | i <- [1 .. 400 :: Int] ]
  print (sum t, product (fmap (`mod` 3) (fmap (+ 1) t)), length t, maximum t)
  print (depth t, elem 50 t, foldr (:) [] (fmap (* 2) t) !! 10)
  print (take 10 (foldr (\x acc -> if even x then x : acc else acc) [] t))
  let fruits = [Apple, Pear, Plum, Apple]
      tools = [Tool "saw" 120, Tool "file" 8]
  forM_ fruits $ \f -> putStrLn (describe f ++ " " ++ show (discounted 10 f))
  mapM_ (putStrLn . describe) tools
  print (totalCost fruits, totalCost tools, map (discounted 10) tools)
  counter <- newIORef (0 :: Int)
  forM_ [1 .. 3000 :: Int] $ \i -> do
    when (i `mod` 3 == 0) $ modifyIORef counter (+ i)
    unless (i `mod` 5 /= 0) $ modifyIORef' counter (subtract 1)
  readIORef counter >>= print
  hits <- newIORef []
  replicateM_ 4 (modifyIORef hits ("hit" :))
  readIORef hits >>= putStrLn . unwords
  let big = foldr insertT Leaf (concat (replicate 3 [1 .. 300 :: Int]))
  print (length big, sum (fmap fromIntegral big :: Tree Integer), null (Leaf :: Tree Int), null big)
