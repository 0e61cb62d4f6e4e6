-- enumerations: from-to, from-then-to, downwards, Char, infinite with take
main :: IO ()
main = do
  print (sum [1 .. 2000 :: Int])
  print (sum [1, 3 .. 2001 :: Int])
  print (sum [2000, 1999 .. 1 :: Int])
  print (length ['a' .. 'z'])
  print (sum (take 1000 [5 :: Int ..]))
  print (sum (takeWhile (< 3000) [0, 7 :: Int ..]))
