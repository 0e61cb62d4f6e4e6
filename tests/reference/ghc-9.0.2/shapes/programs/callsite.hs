-- Small local functions called twice: GHC -O0 inlines them at a call when their size
-- less the call's discounts is at most 90 (inline_calls.py).

p1 :: Int -> Int
p1 x = h1 1 + h1 2 where h1 y = y * x + 1
p2 :: Int -> [Int] -> Int
p2 k xs = length (h2 xs) + sum (h2 xs) where h2 ys = filter (< k) ys
p3 :: Int -> Int
p3 x = h3 1 + h3 2 where h3 y = if y > x then y * 2 else x - y
p4 :: [Int] -> Int
p4 xs = h4 xs + h4 (reverse xs) where h4 ys = case ys of { [] -> 0; (z:_) -> z }
p5 :: Int -> Int
p5 x = h5 3 + h5 4 where h5 y = x
p6 :: Int -> String
p6 x = h6 "a" ++ h6 "bcdef" where h6 s = s ++ show x
p7 :: Int -> Int
p7 x = h7 1 2 + h7 3 4 where h7 a b = a + b + x
p8 :: Int -> [Int]
p8 x = h8 x ++ h8 (x+1) where h8 n = [n, n * 2, x]
p9 :: Int -> (Int, Int)
p9 x = (h9 x, h9 (x + 1)) where h9 n = n `div` 2
p10 :: Double -> Double
p10 x = h10 1.5 + h10 x where h10 d = d * d / 2
p11 :: Int -> Int
p11 x = h11 (Just x) + h11 Nothing where h11 m = case m of { Nothing -> 0; Just v -> v + 1 }
p12 :: Int -> Int
p12 x = h12 x + h12 (x*2) where h12 n | n > 10 = n - 10 | otherwise = n
p13 :: Int -> Int
p13 x = h13 x + h13 5 where h13 n = let m = n * 2 in m + m
p15 :: Int -> String
p15 x = h15 x ++ h15 (x+1) where h15 n = show n
p16 :: Int -> Int
p16 x = h16 (\a -> a + 1) + h16 (\a -> a * 2) where h16 f = f x + f 1
p17 :: [Int] -> Int
p17 xs = h17 xs + h17 [1,2,3] where h17 ys = foldr (+) 0 ys
p18 :: [Int] -> Int
p18 xs = h18 0 xs + h18 1 xs where h18 a ys = a + length ys
p19 :: Int -> Int
p19 x = h19 x + h19 1 where h19 y = if y > 0 then y else negate y
p20 :: Int -> [Int]
p20 x = h20 x ++ h20 2 where h20 n = [n .. n + x]
p21 :: Int -> Int
p21 x = h21 x + h21 300 where h21 n = n + 1000
p22 :: Int -> Integer
p22 x = h22 (toInteger x) + h22 7 where h22 n = n * 3
p23 :: [Int] -> [Int]
p23 xs = h23 xs ++ h23 xs where h23 ys = map (\y -> y + 1) ys
p24 :: Int -> Int
p24 x = h24 x `seq` h24 (x + 1) where h24 n = n * n
p25 :: Int -> Bool
p25 x = h25 x && h25 (x + 1) where h25 n = even n
p26 :: Int -> Int
p26 x = h26 x + h26 1 where h26 n = max n x
p27 :: Int -> Int
p27 x = if h27 x then 1 else h27i where h27 n = n > 3; h27i = if h27 (x*2) then 2 else 3
p28 :: Int -> Int
p28 x = h28 x + h28 (x + 2) where h28 n = n * 2 + n * 3
p29 :: Int -> Int
p29 x = h29 x + h29 1 where h29 n = fst (n, x) + snd (x, n)
p30 :: Int -> Int
p30 x = h30 x 1 + h30 2 x where h30 a b = if a == b then 0 else a - b

main :: IO ()
main = do
  let xs = [1 .. 40] :: [Int]
  print (sum [p1 i | i <- xs])
  print (sum [p2 i xs | i <- xs])
  print (sum [p3 i | i <- xs])
  print (sum [p4 [i, 2] | i <- xs])
  print (sum [p5 i | i <- xs])
  print (sum [length (p6 i) | i <- xs])
  print (sum [p7 i | i <- xs])
  print (sum [sum (p8 i) | i <- xs])
  print (sum [fst (p9 i) | i <- xs])
  print (sum [p10 (fromIntegral i) | i <- xs])
  print (sum [p11 i | i <- xs])
  print (sum [p12 i | i <- xs])
  print (sum [p13 i | i <- xs])
  print (sum [length (p15 i) | i <- xs])
  print (sum [p16 i | i <- xs])
  print (sum [p17 [i] | i <- xs])
  print (sum [p18 [i] | i <- xs])
  print (sum [p19 i | i <- xs])
  print (sum [sum (p20 i) | i <- xs])
  print (sum [p21 i | i <- xs])
  print (sum [p22 i | i <- xs])
  print (sum [sum (p23 [i]) | i <- xs])
  print (sum [p24 i | i <- xs])
  print (length [i | i <- xs, p25 i])
  print (sum [p26 i | i <- xs])
  print (sum [p27 i | i <- xs])
  print (sum [p28 i | i <- xs])
  print (sum [p29 i | i <- xs])
  print (sum [p30 i | i <- xs])
