total :: [Int] -> Int
total = sum

prodAll :: [Int] -> Int
prodAll = product

sq :: Int -> Int
sq = (^ 2)

add3 :: Int -> Int -> Int -> Int
add3 a b c = a + b + c

main :: IO ()
main = do
  print (total [1 .. 100])
  print (prodAll [1 .. 10])
  print (map sq [1 .. 10])
  print (foldr (+) 0 [1 .. 50 :: Int], foldl (-) 0 [1 .. 50 :: Int])
  print (zipWith3 add3 [1, 2, 3] [4, 5, 6] [7, 8, 9])
  print (map (subtract 3) [10, 20 :: Int], map (* 2) [1, 2, 3 :: Int], map (2 -) [5 :: Int])
  print (sum (map fromIntegral [1 .. 10 :: Int]) :: Int)
