f1 :: Int -> [Int] -> ([Int], [Int])
f1 k xs = (a, b)
  where
    (a, b) = go [] xs
    go acc [] = (reverse acc, [])
    go acc (y:ys) | y < k = go (y : acc) ys
                  | otherwise = (reverse acc, y : ys)

f2 :: Int -> [Int] -> Int
f2 k xs = s + length (go xs)
  where
    s = sum (go xs)
    go ys = filter (< k) ys

f3 :: Int -> [Int] -> Int
f3 k xs = n
  where
    n = length (go xs)
    go ys = filter (< k) ys

f4 :: Int -> [Int] -> Int
f4 k xs = fst p + snd p
  where
    p = (length (go xs), k)
    go ys = filter (< k) ys

main :: IO ()
main = do
  let xss = [[i .. i + 5] | i <- [1 .. 200]]
  print (sum [length a + length b | xs <- xss, let (a, b) = f1 4 xs])
  print (sum [f2 5 xs | xs <- xss])
  print (sum [f3 5 xs | xs <- xss])
  print (sum [f4 5 xs | xs <- xss])
