-- where-bound local functions capturing free variables; partial applications, sections
scale :: Int -> [Int] -> [Int]
scale k xs = map f xs
  where
    f x = k * x + off
    off = k - 1

addAll :: Int -> [Int] -> [Int]
addAll k = map (add k)

add :: Int -> Int -> Int
add a b = a + b

sections :: [Int] -> [Int]
sections xs = map (* 2) (map (subtract 1) (map (10 +) xs))

compose :: [Int] -> Int
compose xs = foldr (.) id (map (+) xs) 0

main :: IO ()
main = do
  print (sum (scale 3 [1 .. 1000]))
  print (sum (addAll 7 [1 .. 1000]))
  print (sum (sections [1 .. 1000]))
  print (compose [1 .. 1000])
