-- guards, case, collatz, selector thunks from pattern bindings
collatz :: Int -> Int
collatz n
  | n == 1 = 0
  | even n = 1 + collatz (n `div` 2)
  | otherwise = 1 + collatz (3 * n + 1)

classify :: Int -> Int
classify x
  | x < 10 = 1
  | x < 100 = 2
  | x < 1000 = 3
  | otherwise = 4

split :: [Int] -> ([Int], [Int])
split [] = ([], [])
split (x : xs) = (x : b, a)
  where
    (a, b) = split xs

stats :: [Int] -> Int
stats xs = q + r
  where
    (q, r) = divMod (sum xs) 7

main :: IO ()
main = do
  print (sum (map collatz [1 .. 300]))
  print (sum (map classify [1 .. 2000]))
  let (l, r) = split [1 .. 1000]
  print (sum l - sum r)
  print (stats [1 .. 1000])
