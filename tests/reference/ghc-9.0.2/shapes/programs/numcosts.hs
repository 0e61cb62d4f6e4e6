-- base's generic numeric code called from -O0 code with dictionaries (issue 18): (^) with
-- an Int exponent at Double and Int, and RealFrac Double's round/floor/ceiling/truncate
p1, p2, p3, p5, p8 :: Double -> Double
p1 x = x ^ (1 :: Int)
p2 x = x ^ (2 :: Int)
p3 x = x ^ (3 :: Int)
p5 x = x ^ (5 :: Int)
p8 x = x ^ (8 :: Int)

i0, i4, i7 :: Int -> Int
i0 x = x ^ (0 :: Int)
i4 x = x ^ (4 :: Int)
i7 x = x ^ (7 :: Int)

rd, fl, ce, tr :: Double -> Int
rd x = round x
fl x = floor x
ce x = ceiling x
tr x = truncate x

roundTo :: Int -> Double -> Double
roundTo n x = fromIntegral (round (x * f)) / f
  where f = 10 ^ n

main :: IO ()
main = do
  let xs = [1.25, 2.25 .. 60] :: [Double]
      ns = [1 .. 60] :: [Int]
  print (sum (map p1 xs), sum (map p2 xs), sum (map p3 xs))
  print (sum (map p5 xs), sum (map p8 xs))
  print (sum (map i0 ns), sum (map i4 ns), sum (map i7 ns))
  print (sum (map rd xs), sum (map fl xs), sum (map ce xs), sum (map tr xs))
  print (map (roundTo 2) (take 5 (map sqrt xs)))
