-- A record updated each step with seq on one field of the new record before recursing.
data Stats = Stats { count :: Int, sumsq :: Int, best :: Int }

update :: Stats -> Int -> Stats
update st x = st { count = count st + 1, sumsq = sumsq st + x * x, best = max (best st) x }

go :: Stats -> [Int] -> Stats
go st [] = st
go st (x : xs) = let st' = update st x
                 in count st' `seq` sumsq st' `seq` go st' xs

main :: IO ()
main = do
  let Stats c s b = go (Stats 0 0 0) [ (i * 37) `mod` 101 | i <- [1 .. 6000] ]
  print c
  print s
  print b
