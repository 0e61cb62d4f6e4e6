-- Which name GHC 9.0.2 -O0 gives a let-bound thunk used once as an argument or a field
pairUp :: Int -> (Int, Int)
pairUp x = let y = x * 3 in (x, y)

twice :: Int -> [Int]
twice x = let y = x * 3 in [y, y]

push :: [Int] -> Int -> [Int]
push acc x = let y = x + 1 in y : acc

apply :: Int -> Int
apply x = let y = x * 7 in negate' y
  where negate' v = 0 - v

under :: Int -> [Int -> Int]
under x = let y = x * 5 in [\z -> z + y]

main :: IO ()
main = do
  print (sum (map (snd . pairUp) [1 .. 10]))
  print (sum (concatMap twice [1 .. 10]))
  print (sum (foldl push [] [1 .. 10]))
  print (apply 3, map ($ 1) (under 2))
