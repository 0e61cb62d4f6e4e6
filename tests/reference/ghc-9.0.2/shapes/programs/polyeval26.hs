-- Num-generic code used at Int, Integer and Double: polynomials, sums, means
module Main where

newtype Poly a = Poly [a]

instance (Show a, Eq a, Num a) => Show (Poly a) where
  show (Poly cs) = case [term c i | (c, i) <- zip cs [0 :: Int ..], c /= 0] of
    [] -> "0"
    ts -> foldr1 (\t acc -> t ++ " + " ++ acc) (reverse ts)
    where term c 0 = show c
          term c 1 = show c ++ "x"
          term c i = show c ++ "x^" ++ show i

addP :: Num a => Poly a -> Poly a -> Poly a
addP (Poly xs) (Poly ys) = Poly (go xs ys)
  where go (a:as) (b:bs) = a + b : go as bs
        go as [] = as
        go [] bs = bs

mulP :: Num a => Poly a -> Poly a -> Poly a
mulP (Poly xs) (Poly ys) = foldr (\(i, x) acc -> addP acc (Poly (replicate i 0 ++ map (* x) ys)))
                                 (Poly []) (zip [0 ..] xs)

evalP :: Num a => Poly a -> a -> a
evalP (Poly cs) x = foldr (\c acc -> c + x * acc) 0 cs

derivP :: Num a => Poly a -> Poly a
derivP (Poly []) = Poly []
derivP (Poly (_:cs)) = Poly (zipWith (*) (iterate (+ 1) 1) cs)

powP :: Num a => Poly a -> Int -> Poly a
powP _ 0 = Poly [1]
powP p n = mulP p (powP p (n - 1))

sumSquares :: Num a => [a] -> a
sumSquares = foldr (\x acc -> x * x + acc) 0

mean :: Fractional a => [a] -> a
mean xs = sum xs / fromIntegral (length xs)

newton :: Poly Double -> Double -> Int -> Double
newton p x0 n = iterate step x0 !! n
  where step x = x - evalP p x / evalP (derivP p) x

main :: IO ()
main = do
  let p = Poly [1, -3, 0, 2] :: Poly Int
      q = Poly [2, 1] :: Poly Int
  print p
  print (mulP p q)
  print (derivP (mulP p q))
  print (map (evalP p) [-3 .. 3])
  print (powP (Poly [1, 1 :: Integer]) 12)
  print (evalP (powP (Poly [1, 1 :: Integer]) 40) 3)
  let pd = Poly [-2, 0, 1] :: Poly Double
  print (newton pd 1 20)
  print (map (evalP (Poly [0.5, -1.25, 2 :: Double])) [0, 0.5 .. 2])
  print (sumSquares [1 .. 100 :: Int], sumSquares [0.1, 0.2 .. 1.0 :: Double])
  print (mean [1, 2, 3, 4.5 :: Double], mean (map fromIntegral [1 .. 99 :: Int]) :: Double)
  print (addP (Poly [1.5, 2]) (Poly [-1.5, 0, 3 :: Double]))
