-- -fprof-auto-exported: cost centres on the exported top-level bindings only
module Main (main, total, (+++)) where

total :: [Int] -> Int
total xs = go 0 xs
  where
    go acc [] = acc
    go acc (y:ys) = go (acc + y) ys

double :: Int -> Int
double x = x * 2

(+++) :: [Int] -> [Int] -> [Int]
a +++ b = map double (a ++ b)

main :: IO ()
main = do
  let xs = [1 .. 200] +++ [5, 6]
  print (total xs)
  print (total (map double xs))
