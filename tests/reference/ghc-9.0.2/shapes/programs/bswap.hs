-- a let-bound value scrutinised, then used again in an alternative (GHC's case binder swap)
h :: Int -> Int
h x = x * 3 - 7

g1 :: Int -> Maybe Int
g1 x = let y = h x in case y of
  0 -> Nothing
  _ -> Just y

g2 :: Int -> [Int]
g2 x = let y = x `mod` 5 in if y == 0 then [] else [y, y + 1]

check :: Int -> Int -> Maybe Int
check _ 0 = Nothing
check a b = Just (a + b)

g3 :: Int -> Int
g3 i = case check i (i `mod` 3) of
  Nothing -> 1
  Just v -> v

g4 :: Int -> Maybe Int
g4 x = let y = x + 1 in case y `mod` 4 of
  0 -> Nothing
  _ -> Just y

main :: IO ()
main = do
  print (length [v | Just v <- map g1 [1 .. 1000]])
  print (sum (concatMap g2 [1 .. 1000]))
  print (sum (map g3 [1 .. 1000]))
  print (length [v | Just v <- map g4 [1 .. 1000]])
