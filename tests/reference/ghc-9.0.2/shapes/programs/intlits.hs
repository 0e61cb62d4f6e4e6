addZ :: Integer -> Integer
addZ n = n + 1
addI :: Int -> Int
addI n = n + 1
modZ :: Integer -> Integer
modZ n = n `mod` 10
divZ :: Integer -> Integer
divZ n = n `div` 10
cmpZ :: Integer -> Bool
cmpZ n = n < 100
bigZ :: Integer -> Integer
bigZ n = n * 12345678901234567890
evZ :: Integer -> Bool
evZ n = even n
fiZ :: Integer -> Int
fiZ n = fromIntegral n
tiZ :: Int -> Integer
tiZ n = toInteger n
main = do
  print (sum (map addZ [1 .. 100]))
  print (sum (map addI [1 .. 100]))
  print (sum (map modZ [1 .. 100]))
  print (sum (map divZ [1 .. 100]))
  print (length (filter cmpZ [1 .. 200]))
  print (sum (map bigZ [1 .. 100]))
  print (length (filter evZ [1 .. 100]))
  print (sum (map fiZ [1 .. 100]))
  print (sum (map tiZ [1 .. 100]))
