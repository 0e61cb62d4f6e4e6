e1 :: Int
e1 = length ['a' .. 'z']

e2 :: [(Char, Int)]
e2 = [(c, 1) | c <- ['a' .. 'z']]

e3 :: [(Char, String)]
e3 = [(c, replicate 3 c) | c <- "abcdefghijklmnopqrstuvwxyz"]

e4 :: Int
e4 = length [c | c <- ['a' .. 'z'], c /= 'q']

e5 :: String
e5 = map succ ['a' .. 'y']

main :: IO ()
main = do
  print e1
  print (length e2)
  print (sum [length s | (_, s) <- e3])
  print e4
  putStrLn e5
