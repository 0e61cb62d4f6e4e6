xs :: [(Int, Int)]
xs = [(i, i * 2) | i <- [1 .. 100 :: Int]]
l1 :: Int
l1 = sum (map (fst . (\(a, b) -> (b, a + 1))) xs)
l2 :: Int
l2 = foldr (\(a, b) acc -> a + b + acc) 0 xs
l3 :: Int
l3 = fst (foldl (\(s, t) (a, b) -> (s + a, t + b)) (0, 0) xs)
l4 :: Int
l4 = sum (map (fst . (\p -> (snd p, fst p + 1))) xs)
l5 :: Int
l5 = sum (map (\(a, b) -> a * b) xs)
main = do
  print (length xs)
  print (l1, l2, l3, l4, l5)
