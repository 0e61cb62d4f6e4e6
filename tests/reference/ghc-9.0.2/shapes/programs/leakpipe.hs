-- A lazy pipeline whose prefix is retained, then a foldl leak over it.
collatz :: Int -> Int
collatz n = go n 0
  where
    go 1 acc = acc
    go m acc
      | even m = go (m `div` 2) (acc + 1)
      | otherwise = go (3 * m + 1) (acc + 1)

pairs :: Int -> [(Int, Int)]
pairs n = [ (i, collatz i) | i <- [1 .. n] ]

main :: IO ()
main = do
  let ps = pairs 30000
  print (length ps)
  print (maximum (map snd ps))
  let s = foldl (\a (_, c) -> a + c) 0 ps
  print s
  print (length (filter (\(_, c) -> c > 100) ps))
