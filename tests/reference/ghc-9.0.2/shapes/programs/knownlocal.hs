-- case of a known constructor where a function matching a pair is inlined at a pair
-- argument: top level, where-bound, and where-bound called from a comprehension
insideTop :: (Int, Int) -> Bool
insideTop (a, b) = a >= 0 && b < 10

f1 :: Int -> Bool
f1 x = insideTop (x + 1, x + 2)

f2 :: Int -> Bool
f2 x = inside (x + 1, x + 2)
  where inside (a, b) = a >= 0 && b < 10

f3 :: Int -> Int
f3 x = length [ () | d <- [1, 2, 3], inside (x + d, x) ]
  where inside (a, b) = a >= 0 && b < 10

main :: IO ()
main = do
  print (length (filter f1 [1 .. 1000]))
  print (length (filter f2 [1 .. 1000]))
  print (sum (map f3 [1 .. 1000]))
