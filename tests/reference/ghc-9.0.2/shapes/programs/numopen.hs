-- Num a => code over a Num instance with a context (issue 18): sum, product, ^, subtract
-- and literals at an open type meet the instance by the values, nested C (C Int) too.
data C a = C a a deriving Show

instance Num a => Num (C a) where
  C a b + C c d = C (a + c) (b + d)
  C a b * C c d = C (a * c - b * d) (a * d + b * c)
  negate (C a b) = C (negate a) (negate b)
  abs z = z
  signum z = z
  fromInteger n = C (fromInteger n) 0

total :: Num a => [a] -> a
total xs = sum xs + 1

sq :: Num a => a -> a
sq v = v * v - 2

main :: IO ()
main = do
  let zs = [C 1 2, C 3 (-4), 5] :: [C Int]
  print (total zs)
  print (sq (C 1 1 :: C Int), sq (3 :: Int))
  print (C (C 1 2) (C 0 1) * C 2 (C 1 1) :: C (C Int))
  print (product zs, zs !! 1 ^ (3 :: Int), subtract 1 (C 2 2 :: C Int))
