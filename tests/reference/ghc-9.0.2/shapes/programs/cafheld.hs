-- A CAF held by heap objects from before its evaluation: once evaluated and no longer named
-- by live code, GHC keeps it only through those objects (their fields point at the static
-- closure, which points at its value), for as long as they live.

data Holder = Holder [Int] Int

-- held by a constructor built before the table is evaluated
table :: [Int]
table = [ x * 3 | x <- [1 .. 20000] ]

-- the value of a thunk forced before this list is evaluated
other :: [Int]
other = [ x * 5 | x <- [1 .. 10000] ]

pick :: Int -> [Int]
pick n = if n > 3 then other else []

spin :: Int -> Int -> Int
spin 0 acc = acc
spin n acc = acc `seq` spin (n - 1) ((acc * 17 + n) `mod` 999983)

main :: IO ()
main = do
  let r = Holder table (spin 10 0)
      h = pick (spin 5 1)
  r `seq` h `seq` print (spin 100000 0)
  print (sum table + sum other)
  print (spin 300000 0)
  case r of
    Holder xs k -> print (length xs + k + length h)
