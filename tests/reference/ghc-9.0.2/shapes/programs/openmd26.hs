module Main where

class Semi a where
  zero :: a
  plus :: a -> a -> a

instance Semi Int where
  zero = 0
  plus = (+)

newtype MaxI = MaxI Int deriving Show
instance Semi MaxI where
  zero = MaxI minBound
  plus (MaxI a) (MaxI b) = MaxI (max a b)

data V2 = V2 Double Double deriving Show
instance Semi V2 where
  zero = V2 0 0
  plus (V2 a b) (V2 c d) = V2 (a + c) (b + d)

instance Semi [x] where
  zero = []
  plus = (++)

msum' :: Semi a => [a] -> a
msum' = foldr plus zero

twice :: Semi a => [a] -> a
twice xs = plus (msum' xs) (msum' (reverse xs))

scan' :: Semi a => [a] -> [a]
scan' xs = go zero xs
  where
    go acc [] = [acc]
    go acc (y : ys) = acc : go (plus acc y) ys

class Semi a => Scaled a where
  unit :: a
  times :: Int -> a -> a
  times 0 _ = zero
  times n x = plus x (times (n - 1) x)

instance Scaled Int where
  unit = 1
instance Scaled V2 where
  unit = V2 1 1

powerSum :: Scaled a => Int -> a
powerSum n = msum' [times k unit | k <- [0 .. n]]

rep :: Semi a => Int -> a -> a
rep 0 _ = zero
rep n x = plus x (rep (n - 1) x)

main :: IO ()
main = do
  print (msum' [1 .. 100 :: Int])
  print (msum' (map MaxI [3, 9, 2]))
  print (msum' [V2 1 2, V2 3 4])
  print (msum' ["ab", "cd", "ef"])
  print (twice [V2 1 0, V2 0 1])
  print (scan' [1, 2, 3 :: Int], scan' (map MaxI [5, 1, 7]))
  print (powerSum 4 :: Int, powerSum 3 :: V2)
  print (map (msum' . map MaxI) [[1, 2], [7, 3]])
  print (rep 5 (V2 1 1), rep 3 "x", rep 0 (MaxI 4))
  print (zero :: V2, (zero :: [Int]), plus zero (MaxI 3))
