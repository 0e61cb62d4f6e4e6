-- Integers kept in lists while a strict loop reads them: small ones (IS), positive and
-- negative ones past 64 bits (IP, IN over their limbs' ARR_WORDS).
pows :: Int -> [Integer]
pows n = take n (iterate (\x -> x * 7 + 3) 1)

negs :: [Integer] -> [Integer]
negs xs = [negate x - 1 | x <- xs]

smalls :: Int -> [Integer]
smalls n = [toInteger i * 1000 + 17 | i <- [1 .. n]]

spin :: [Integer] -> [Integer] -> [Integer] -> Int -> Integer
spin as bs cs k = go 0 0
  where
    go acc j
      | j >= k = acc
      | otherwise =
          let a = as !! (j `mod` 200)
              b = bs !! (j `mod` 200)
              c = cs !! (j `mod` 400)
              acc' = (acc + a `mod` 1000 + b `rem` 1000 + c) `mod` 1000003
          in acc' `seq` go acc' (j + 1)

main :: IO ()
main = do
  let as = pows 200
      bs = negs as
      cs = smalls 400
  print (length (show (last as)), sum (map signum bs))
  print (spin as bs cs 6000)
  print (last bs `div` 12345, last as `quot` (head (drop 150 as)), sum cs)
