-- zip / and / filter / mod chains
sorted :: [Int] -> Bool
sorted xs = and (zipWith (<=) xs (tail xs))

multiples :: Int -> [Int]
multiples n = filter (\x -> x `mod` 3 == 0 || x `mod` 5 == 0) [1 .. n]

dot :: [Int] -> [Int] -> Int
dot xs ys = sum [x * y | (x, y) <- zip xs ys]

evens :: [Int] -> Int
evens xs = length (filter even (map (`mod` 7) xs))

main :: IO ()
main = do
  print (sorted [1 .. 2000])
  print (sum (multiples 2000))
  print (dot [1 .. 1000] [2 .. 1001])
  print (evens [1 .. 2000])
