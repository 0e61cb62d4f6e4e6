-- A heap-profiled list sort: 100,000 Ints sorted, their sum and first five printed.
-- Issue 13's memory figure (the whole process's maximum resident set against GHC 9.0.2's
-- -prof binary of the same program):
--   /usr/bin/time -f "%U+%S s %M KB" profkit run -fprof-auto sort_heap.hs +RTS -hc -i0.001 -RTS
--   ghc -O0 -prof -fprof-auto -rtsopts sort_heap.hs && /usr/bin/time -f "%M KB" ./sort_heap +RTS -hc -i0.001 -RTS
-- Session 8: profkit 259 MB (-p alone 142 MB), GHC 32 MB.
import Data.List (sort)

main :: IO ()
main = do
  let xs = [ (i * 7919 + 13) `mod` 100003 | i <- [1 .. 100000] ] :: [Int]
  let ys = sort xs
  print (sum ys)
  print (take 5 ys)
