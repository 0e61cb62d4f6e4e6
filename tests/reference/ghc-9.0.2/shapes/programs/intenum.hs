-- Int enumerations: base boxes every element from its unboxed loop, the first one too
e1 :: Int -> [Int]
e1 x = [1 .. x]

e2 :: Int -> [Int]
e2 x = map (+ 1) [1 .. x]

e3 :: Int -> Int
e3 x = sum [1 .. x]

e5 :: Int -> [Int]
e5 x = map (* 2) (enumFromTo 1 x)

e6 :: Int -> Int
e6 x = length [x .. 20]

f3 :: Int -> Int
f3 n = length (takeWhile (< n) [n - 5 ..])

z1 :: Integer -> Integer
z1 x = sum [1 .. x]

main :: IO ()
main = do
  print (sum [sum (e1 i) | i <- [1 .. 50]])
  print (sum [sum (e2 i) | i <- [1 .. 50]])
  print (sum [e3 i | i <- [1 .. 50]])
  print (sum [sum (e5 i) | i <- [1 .. 50]])
  print (sum [e6 i | i <- [1 .. 50]])
  print (sum [f3 i | i <- [1 .. 50]])
  print (sum [z1 i | i <- [1 .. 50]])
