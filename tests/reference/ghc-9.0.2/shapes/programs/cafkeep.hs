-- CAFs that live code still refers to stay live, however it refers to them: a thunk
-- built before a long computation and forced after it, a case continuation waiting on the
-- stack, a function stored in a data structure and called later.
squares :: [Int]
squares = [ i * i | i <- [1 .. 8000] ]

cubes :: [Int]
cubes = [ i * i * i `mod` 7919 | i <- [1 .. 6000] ]

halves :: [Int]
halves = [ i `div` 2 | i <- [1 .. 4000] ]

spin :: Int -> Int -> Int
spin 0 acc = acc
spin n acc = acc `seq` spin (n - 1) ((acc * 17 + n) `mod` 999983)

-- the continuation of the case waits on the stack while spin runs
check :: Int -> Int
check n = case spin n 1 of
  r -> r + sum cubes

sumHalves :: Int -> Int
sumHalves k = k + sum halves

main :: IO ()
main = do
  print (head squares, head cubes)
  print (sum halves)
  let later = sum squares
      fs = [sumHalves, (* 2)]
  print (spin 30000 5)
  print (check 30000)
  print (spin 30000 9)
  print later
  print (map ($ 1) fs)
