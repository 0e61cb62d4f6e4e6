-- Polynomials with integer coefficients as a Num instance with a context: the
-- coefficients' own Num methods, literals as constant polynomials, sum, product and ^.
data Poly a = Poly [a] deriving (Show, Eq)

instance Num a => Num (Poly a) where
  Poly xs + Poly ys = Poly (addCoeffs xs ys)
  Poly xs * Poly ys = Poly (mulCoeffs xs ys)
  negate (Poly xs) = Poly (map negate xs)
  abs (Poly xs) = Poly (map abs xs)
  signum (Poly xs) = Poly (map signum xs)
  fromInteger n = Poly [fromInteger n]

addCoeffs :: Num a => [a] -> [a] -> [a]
addCoeffs (a:as) (b:bs) = (a + b) : addCoeffs as bs
addCoeffs as [] = as
addCoeffs [] bs = bs

mulCoeffs :: Num a => [a] -> [a] -> [a]
mulCoeffs [] _ = []
mulCoeffs (a:as) bs = addCoeffs (map (a *) bs) (0 : mulCoeffs as bs)

x :: Poly Integer
x = Poly [0, 1]

evalAt :: Num a => Poly a -> a -> a
evalAt (Poly cs) v = foldr (\c acc -> c + v * acc) 0 cs

main :: IO ()
main = do
  let p = (x + 1) ^ (5 :: Int)
      q = 2 * x - 3
  print p
  print (p - q * q)
  print (sum [x, x * x, 7])
  print (product [x + 1, x - 1, negate x])
  print (map (evalAt p) [0, 1, 2, -1])
  print (p == p, q == x)
