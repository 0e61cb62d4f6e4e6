pI :: Double -> Integer -> Double
pI x k = x ^ k
pN :: Int -> Integer -> Int
pN x k = x ^ k
c0 :: Double
c0 = sum [pI 1.5 0 | _ <- [1 .. 10 :: Int]]
n0 :: Int
n0 = sum [pN 3 0 | _ <- [1 .. 10 :: Int]]
c1 :: Double
c1 = sum [pI 1.5 1 | _ <- [1 .. 10 :: Int]]
n1 :: Int
n1 = sum [pN 3 1 | _ <- [1 .. 10 :: Int]]
c2 :: Double
c2 = sum [pI 1.5 2 | _ <- [1 .. 10 :: Int]]
n2 :: Int
n2 = sum [pN 3 2 | _ <- [1 .. 10 :: Int]]
c3 :: Double
c3 = sum [pI 1.5 3 | _ <- [1 .. 10 :: Int]]
n3 :: Int
n3 = sum [pN 3 3 | _ <- [1 .. 10 :: Int]]
c4 :: Double
c4 = sum [pI 1.5 4 | _ <- [1 .. 10 :: Int]]
n4 :: Int
n4 = sum [pN 3 4 | _ <- [1 .. 10 :: Int]]
c5 :: Double
c5 = sum [pI 1.5 5 | _ <- [1 .. 10 :: Int]]
n5 :: Int
n5 = sum [pN 3 5 | _ <- [1 .. 10 :: Int]]
c6 :: Double
c6 = sum [pI 1.5 6 | _ <- [1 .. 10 :: Int]]
n6 :: Int
n6 = sum [pN 3 6 | _ <- [1 .. 10 :: Int]]
c7 :: Double
c7 = sum [pI 1.5 7 | _ <- [1 .. 10 :: Int]]
n7 :: Int
n7 = sum [pN 3 7 | _ <- [1 .. 10 :: Int]]
c8 :: Double
c8 = sum [pI 1.5 8 | _ <- [1 .. 10 :: Int]]
n8 :: Int
n8 = sum [pN 3 8 | _ <- [1 .. 10 :: Int]]
c16 :: Double
c16 = sum [pI 1.5 16 | _ <- [1 .. 10 :: Int]]
n16 :: Int
n16 = sum [pN 3 16 | _ <- [1 .. 10 :: Int]]
main = do
  print c0
  print n0
  print c1
  print n1
  print c2
  print n2
  print c3
  print n3
  print c4
  print n4
  print c5
  print n5
  print c6
  print n6
  print c7
  print n7
  print c8
  print n8
  print c16
  print n16
