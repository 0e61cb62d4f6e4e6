xss :: [[Int]]
xss = [[1 .. k] | k <- [1 .. 100]]

f1 :: [[Int]] -> [(Int, Int)]
f1 = map (\g -> (head g, length g))

f2 :: [[Int]] -> [([Int], [Int])]
f2 = map (\g -> (g, g))

f3 :: [[Int]] -> [Maybe Int]
f3 = map (\g -> Just (length g))

f4 :: [[Int]] -> [Int]
f4 = map (\g -> length g + 1)

f5 :: [[Int]] -> [(Int, Int)]
f5 gs = map (\g -> (head g, length g)) gs

main :: IO ()
main = do
  print (sum (map (\(a, b) -> a + b) (f1 xss)))
  print (length (f2 xss))
  print (length [x | Just x <- f3 xss])
  print (sum (f4 xss))
  print (sum (map (\(a, b) -> a + b) (f5 xss)))
