-- a where-bound loop with a strict accumulator: let + seq, guards
sumTo :: Int -> Int
sumTo n = go 0 1
  where
    go :: Int -> Int -> Int
    go acc i
      | i > n = acc
      | otherwise = let acc' = acc + i * i in acc' `seq` go acc' (i + 1)

countBang :: Int -> Int
countBang n = loop 0 0
  where
    loop :: Int -> Int -> Int
    loop c i = if i == n then c else loop (if even i then c + 1 else c) (i + 1)

main :: IO ()
main = do
  print (sumTo 3000)
  print (countBang 2000)
