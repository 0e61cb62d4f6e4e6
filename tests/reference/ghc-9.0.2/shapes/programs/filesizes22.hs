w0, w1, w2, a0, a1 :: IO ()
w0 = writeFile "z0.txt" ""
w1 = writeFile "z1.txt" (replicate 100 'x')
w2 = writeFile "z2.txt" (replicate 1000 'x')
a0 = appendFile "z1.txt" ""
a1 = appendFile "z2.txt" (replicate 1000 'y')
r0, r1, r2 :: IO Int
r0 = fmap length (readFile "z0.txt")
r1 = fmap length (readFile "z1.txt")
r2 = fmap length (readFile "z2.txt")
w3 :: IO ()
w3 = writeFile "z3.txt" (replicate 10000 'x')
r3 :: IO Int
r3 = fmap length (readFile "z3.txt")
main :: IO ()
main = do
  w0
  w1
  w2
  a0
  a1
  n0 <- r0
  n1 <- r1
  n2 <- r2
  w3
  n3 <- r3
  print (n0, n1, n2, n3)
