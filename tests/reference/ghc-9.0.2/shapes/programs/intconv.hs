zd :: Integer -> Double
zd n = fromIntegral n
iz :: Int -> Integer
iz n = fromIntegral n
zz :: Integer -> Integer
zz n = fromIntegral n
oZ :: Integer -> Bool
oZ n = odd n
gZ :: Integer -> Integer
gZ n = gcd n 12
main = do
  print (sum (map zd [1 .. 100]))
  print (sum (map iz [1 .. 100]))
  print (sum (map zz [1 .. 100]))
  print (length (filter oZ [1 .. 100]))
  print (sum (map gZ [1 .. 100]))
