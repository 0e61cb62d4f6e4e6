-- A record of counters updated lazily in a loop: the fields become chains of thunks that
-- live until the end, when they are printed; then a strict version of the same loop.
data Counts = Counts { evens :: Int, odds :: Int, total :: Int }

tally :: Counts -> Int -> Counts
tally c i
  | even i = c { evens = evens c + 1, total = total c + i }
  | otherwise = c { odds = odds c + 1, total = total c + i }

tally' :: Counts -> Int -> Counts
tally' (Counts e o t) i =
  let c = if even i then Counts (e + 1) o (t + i) else Counts e (o + 1) (t + i)
  in evens c `seq` odds c `seq` total c `seq` c

run :: (Counts -> Int -> Counts) -> Int -> Counts
run f n = go (Counts 0 0 0) 1
  where
    go c i
      | i > n = c
      | otherwise = go (f c i) (i + 1)

main :: IO ()
main = do
  let Counts e o t = run tally 8000
  print (e, o, t)
  let Counts e' o' t' = run tally' 8000
  print (e', o', t')
