-- A state tuple threaded through a loop: the next state bound lazily, one component
-- selected by a lazy pattern and forced before the recursive call (queuesim's run).
data Acc = Acc [Int] Int

stepA :: (Int, Int, Acc) -> (Int, Int, Acc)
stepA (i, s, Acc xs n) =
  let x = i * 7 `mod` 13
  in if even x then (i + 1, s + x, Acc (x : xs) (n + 1)) else (i + 1, s - 1, Acc xs n)

countA :: Acc -> Int
countA (Acc xs n) = n + length (take 3 xs)

loop :: Int -> (Int, Int, Acc) -> (Int, Int, Acc)
loop 0 st = st
loop k st = let st' = stepA st
                (_, _, a) = st'
            in countA a `seq` loop (k - 1) st'

main :: IO ()
main = do
  let (i, s, Acc xs n) = loop 5000 (0, 0, Acc [] 0)
  print (i, s, n, sum xs)
