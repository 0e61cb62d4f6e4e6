-- A long run with a large long-lived structure: a 300,000-element list kept live to the end
-- while a strict loop allocates about 1.2 GB (issue 13 item 3: -hb and -hr with 150+
-- censuses in bounded memory, within 2x of the -p run):
--   profkit run -fprof-auto keep_live.hs +RTS -p -RTS
--   profkit run -fprof-auto keep_live.hs +RTS -hb -i0.0045 -RTS      (163 censuses)
-- Session 8: -p 37.6 s / 216 MB; -hb 84.9 s (2.26x) / 529 MB; -hr did not finish in 420 s.
-- Session 9 (one run each, interleaved with the code before, CPU s / max RSS): before -p
--   36.8 s / 225 MB, -hb 87.9 s (2.39x) / 507 MB; after (update rows made in numpy,
--   generational compaction) -p 37.4 s / 225 MB, -hb 73.4 s (1.96x) / 531 MB.
churn :: Int -> Int -> Int
churn 0 acc = acc
churn n acc = let a = (acc + sum (map (* 2) [1 .. 20])) `mod` 1000003
              in a `seq` churn (n - 1) a

main :: IO ()
main = do
  let xs = [1 .. 300000] :: [Int]
  print (length xs)
  print (churn 250000 0)
  print (sum xs)
