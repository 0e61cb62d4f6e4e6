-- A stream consumed by a window: a moving sum over a generated stream, the window's
-- elements kept between the pointer that adds them and the one that drops them.
signal :: [Int]
signal = [(i * 37 + i `div` 7) `mod` 101 | i <- [1 ..]]

movingSums :: Int -> [Int] -> [Int]
movingSums w xs = scanl (+) s0 (zipWith (-) (drop w xs) xs)
  where s0 = sum (take w xs)

main :: IO ()
main = do
  let sums = take 40000 (movingSums 4000 signal)
  print (maximum sums)
  let small = take 40000 (movingSums 200 (drop 5 signal))
  print (length (filter (> 10000) small))
