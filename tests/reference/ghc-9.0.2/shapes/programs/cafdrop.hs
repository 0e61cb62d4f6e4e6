-- Top-level data (CAFs) and how long each stays live: GHC keeps a CAF while live code's
-- static reference table (a frame's return address, a closure's code, a function those
-- call) refers to it, and drops it after the last code that can read it has run.
import qualified Data.Map as M

-- read only by main's first statement: garbage once that statement is done
table :: [Int]
table = [ i * i `mod` 1009 | i <- [1 .. 20000] ]

-- read by `score`, which only `loop` calls: live while the loop runs
weights :: M.Map Int Int
weights = M.fromList [ (i, (i * 7) `mod` 13) | i <- [1 .. 3000] ]

-- read first and last: live for the whole run
keep :: [Int]
keep = [ i * 3 | i <- [1 .. 5000] ]

score :: Int -> Int
score n = M.findWithDefault 0 (n `mod` 3000) weights

loop :: Int -> Int -> Int
loop 0 acc = acc
loop n acc = acc `seq` loop (n - 1) ((acc * 31 + score n) `mod` 1000003)

spin :: Int -> Int -> Int
spin 0 acc = acc
spin n acc = acc `seq` spin (n - 1) ((acc * 17 + n) `mod` 999983)

main :: IO ()
main = do
  print (sum keep)
  print (sum table)
  print (loop 15000 7)
  print (spin 80000 3)
  print (length keep)
