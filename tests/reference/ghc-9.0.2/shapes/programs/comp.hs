-- list comprehensions: nested generators, guards, let, tuples
pairs :: Int -> [(Int, Int)]
pairs n = [(x, y) | x <- [1 .. n], odd x, y <- [x .. n]]

squares :: Int -> [Int]
squares n = [s | x <- [1 .. n], let s = x * x, s `mod` 3 == 1]

triples :: Int -> Int
triples n = length [() | a <- [1 .. n], b <- [a .. n], c <- [b .. n], a * a + b * b == c * c]

main :: IO ()
main = do
  print (length (pairs 40))
  print (sum (squares 500))
  print (triples 25)
