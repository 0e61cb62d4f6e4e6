-- Selector thunks the collector must short-cut (GHC's eval_thunk_selector): the first word
-- of a long text, cut by `break` and returned unevaluated past it, and the evens of a list
-- split by a user's own lazy pattern binding. Each keeps, through unevaluated `ys`-style
-- selector thunks, pairs whose other field is the rest of the data, unless the collector
-- replaces each selector by the field it selects once the pair is evaluated.
data Split = Split [Int] [Int]

main :: IO ()
main = do
  let w = firstWord (concat (replicate 4000 "abcdefgh "))
      e = evens 6000
  w `seq` e `seq` print (spin 3000000 0)
  putStrLn w
  print (sum e)

firstWord :: String -> String
firstWord s = if length rest > 0 then w else ""
  where (w, rest) = break (== ' ') s

evens :: Int -> [Int]
evens n = if sum os > 0 then es else []
  where Split es os = split [1 .. n]

split :: [Int] -> Split
split [] = Split [] []
split (x : xs) = let Split es os = split xs
                 in if even x then Split (x : es) os else Split es (x : os)

spin :: Int -> Int -> Int
spin 0 acc = acc
spin n acc = acc `seq` spin (n - 1) (acc + n `mod` 7)
