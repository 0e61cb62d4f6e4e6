-- Derived Show, Eq and Ord instances: GHC compiles them with the program, and -fprof-auto
-- gives each method a cost centre at the class name of the deriving clause
data T = A Int | B T T | C deriving (Show, Eq, Ord)

data Colour = Red | Green | Blue deriving (Show, Eq, Ord)

mk :: Int -> T
mk 0 = C
mk n = B (A n) (mk (n - 1))

colours :: Int -> [Colour]
colours n = [if even i then Red else if i `mod` 3 == 0 then Green else Blue | i <- [1 .. n]]

main :: IO ()
main = do
  let xs = map mk [1 .. 30]
  print (length (filter (== mk 10) xs))
  print (length (filter (< mk 10) xs))
  print (maximum xs == mk 30)
  print (sum (map (length . show) xs))
  print (compare (mk 3) (mk 4), mk 2 <= mk 2, mk 1 > C, mk 1 >= C)
  let cs = colours 2000
  print (length (filter (/= Blue) cs), maximum cs, length (filter (> Red) cs))
  print (length (concatMap show (take 500 cs)))
