newtype S = S { runS :: Int -> Int }

mk :: Int -> S
mk n = S (\x -> x + n)

ev :: S -> Int -> Int
ev m x = runS m x

ev2 :: S -> Int -> Int
ev2 m x = let r = runS m in r x

main :: IO ()
main = do
  print (ev (mk 3) 4)
  print (ev2 (mk 5) 4)
  print (sum [ev (mk i) i | i <- [1..100]])
