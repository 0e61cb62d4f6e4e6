module Main (main) where

-- list comprehensions (generators, guards, let) and arithmetic sequences

main :: IO ()
main = do
  print [x * y | x <- [1 .. 4], odd x, let y = x + 1]
  print [(i, c) | i <- [1 :: Int, 2], c <- "ab"]
  print [1, 3 .. 11]
  print [10, 8 .. 1]
  print [1.0, 1.5 .. 3.0]
  print (take 5 [7 ..])
  print ['a' .. 'f']
  print (sum [x | Just x <- [Just 1, Nothing, Just 5]])
  print [if even n then 'e' else 'o' | n <- [1 .. 6 :: Int]]
  print (length [() | _ <- [1 .. 1000 :: Int]])
  print [2.5 .. 5]
  print [(a, b, c) | c <- [1 .. 20], b <- [1 .. c], a <- [1 .. b], a * a + b * b == c * c]
  print (take 3 [n | n <- [100 ..], n `mod` 7 == 0])
  print [0.1, 0.2 .. 0.5]
