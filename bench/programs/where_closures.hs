-- Deep where-closures: local helpers capturing several outer variables, nested levels.
solve :: Int -> Int -> Int
solve a b = outer 0 0
  where
    lim = a * 10
    outer i acc
      | i >= lim = acc
      | otherwise = outer (i + 1) (acc + inner i 0 0)
      where
        k = i `mod` b + 1
        inner j s t
          | j >= k = s + t
          | otherwise = inner (j + 1) (s + f j) (t + g j)
          where f x = x * a + i
                g x = (x + k) `mod` b

main :: IO ()
main = do
  print (solve 9000 37)
  print (solve 4000 91)
