newtype Key = Key Int

f1 :: Int -> Int -> Int
f1 k c
  | c > 5 = rot 1
  | otherwise = rot 2
  where rot b = b + c + k

f2 :: Key -> Int -> Int
f2 (Key k) c
  | c > 5 = rot 1
  | otherwise = rot 2
  where rot b = b + c + k

f3 :: Int -> Int -> [Int]
f3 k c = map rot [1, 2]
  where rot b = b + c + k

main :: IO ()
main = do
  print (sum (map (f1 3) [1 .. 100]))
  print (sum (map (f2 (Key 3)) [1 .. 100]))
  print (sum (concatMap (f3 3) [1 .. 100]))
