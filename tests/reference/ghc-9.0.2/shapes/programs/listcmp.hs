main :: IO ()
main = do
  let xs = [1 .. 3000] :: [Int]
      ys = [1 .. 3000] :: [Int]
  print (length xs, length ys)
  print (xs == ys)
  print (compare xs ys, xs <= ys, (1 :: Int, xs) < (1, ys))
