-- div and mod at Integer with operands of different signs, abs of both signs (issue 18)
dv :: Integer -> Integer -> Integer
dv x y = x `div` y
md :: Integer -> Integer -> Integer
md x y = x `mod` y
ab :: Integer -> Integer
ab x = abs x
main :: IO ()
main = do
  print (sum [dv (-7 - fromIntegral i) 3 | i <- [1 .. 10 :: Int]])
  print (sum [md (-7 - fromIntegral i) 3 | i <- [1 .. 10 :: Int]])
  print (sum [ab (7 + fromIntegral i) | i <- [1 .. 10 :: Int]])
  print (sum [ab (-7 - fromIntegral i) | i <- [1 .. 10 :: Int]])
