import Data.List (transpose)

-- Integer arithmetic with zeros and ones (ghc-bignum gives back an operand or the static
-- zero), sum and product at Integer, and a matrix product at Integer and at Int
mulI :: [Integer] -> [Integer] -> [Integer]
mulI = zipWith (*)

addI :: [Integer] -> [Integer] -> [Integer]
addI = zipWith (+)

subI :: [Integer] -> [Integer] -> [Integer]
subI = zipWith (-)

sumI :: [Integer] -> Integer
sumI xs = sum xs

prodI :: [Integer] -> Integer
prodI xs = product xs

step :: Integer -> Integer -> Integer
step acc x = acc * 1 + x * 0 + (x - 0) + (0 + x)

mmul :: [[Integer]] -> [[Integer]] -> [[Integer]]
mmul a b = [[sum (zipWith (*) r c) | c <- cols] | r <- a]
  where cols = transpose b

mmulN :: [[Int]] -> [[Int]] -> [[Int]]
mmulN a b = [[sum (zipWith (*) r c) | c <- cols] | r <- a]
  where cols = transpose b

main :: IO ()
main = do
  let zs = replicate 100 0 :: [Integer]
      os = replicate 100 1 :: [Integer]
      ts = replicate 100 3 :: [Integer]
  print (map (length . filter (> 0)) [mulI zs ts, mulI ts zs, mulI os ts, mulI ts os, mulI ts ts])
  print (map (length . filter (> 0)) [addI zs ts, addI ts zs, addI ts ts])
  print (map (length . filter (> 0)) [subI ts zs, subI zs ts, subI ts ts])
  let xs = [1 .. 12] :: [Integer]
  print (sum [sumI xs | _ <- [1 .. 200 :: Int]], sum [prodI (take 5 xs) | _ <- [1 .. 200 :: Int]])
  print (sumI [], prodI [], sumI [0, 0, 5], foldl step 0 [1 .. 300])
  let m = [[fromIntegral (i * j `mod` 7) | j <- [1 .. 12]] | i <- [1 .. 12 :: Int]] :: [[Integer]]
      n = [[i * j `mod` 7 | j <- [1 .. 12]] | i <- [1 .. 12 :: Int]]
  print (sum (map sum (mmul (mmul m m) m)), sum (map sum (mmulN n n)))
