g1 :: Int -> Int
g1 x = a
  where
    a = b + 1
    b = x * 2

g2 :: Int -> Int
g2 x = if x > 3 then length ys else 0
  where
    ys = replicate x 'c'

g3 :: Int -> [Int]
g3 x = map h [1 .. x]
  where
    h y = y * x + 1

g4 :: Int -> Int
g4 x = sum (map (\y -> h y) [1 .. x])
  where
    h y = y + x

g6 :: Int -> (Int, Int)
g6 x = (a, a + 1)
  where
    a = x * 3

g7 :: Int -> [Int]
g7 x = map (\y -> y + t) [1 .. x]
  where
    t = x * x

g8 :: Int -> Int
g8 x = let u = x + 1 in let v = u * 2 in v + length (show v)

g9 :: [Int] -> Int
g9 xs = go xs 0
  where
    go [] acc = acc + z
    go (y:ys) acc = go ys (acc + y)
    z = length xs

g10 :: Int -> Maybe Int
g10 x = Just w
  where
    w = x + 7

main :: IO ()
main = do
  print (sum [g1 i | i <- [1 .. 100]])
  print (sum [g2 i | i <- [1 .. 100]])
  print (sum [sum (g3 i) | i <- [1 .. 50]])
  print (sum [g4 i | i <- [1 .. 50]])
  print (sum [fst (g6 i) + snd (g6 i) | i <- [1 .. 100]])
  print (sum [sum (g7 i) | i <- [1 .. 50]])
  print (sum [g8 i | i <- [1 .. 100]])
  print (sum [g9 [1 .. i] | i <- [1 .. 50]])
  print (sum [maybe 0 id (g10 i) | i <- [1 .. 100]])
