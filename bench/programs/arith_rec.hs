-- Arithmetic recursion: Collatz chain lengths and a tak-like triple recursion (Int only).
collatz :: Int -> Int
collatz n = go n 0
  where go 1 acc = acc
        go m acc | even m = go (m `div` 2) (acc + 1)
                 | otherwise = go (3 * m + 1) (acc + 1)

tak :: Int -> Int -> Int -> Int
tak x y z = if y < x then tak (tak (x - 1) y z) (tak (y - 1) z x) (tak (z - 1) x y) else z

best :: Int -> (Int, Int)
best lim = loop 1 (0, 0)
  where loop i acc@(_, bl) | i > lim = acc
                           | otherwise = let l = collatz i
                                         in if l > bl then loop (i + 1) (i, l)
                                                      else loop (i + 1) acc

main :: IO ()
main = do
  print (best 8000)
  print (tak 16 10 4)
