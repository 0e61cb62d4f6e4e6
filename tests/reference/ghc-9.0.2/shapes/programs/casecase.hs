-- case of case: functions whose alternatives return constructors, inlined where their
-- result is scrutinised
safeDiv :: Int -> Int -> Maybe Int
safeDiv _ 0 = Nothing
safeDiv a b = Just (a `div` b)

classify :: Int -> Either String Int
classify n
  | n < 0 = Left "negative"
  | even n = Right (n `div` 2)
  | otherwise = Right (3 * n + 1)

splitAt2 :: [a] -> Maybe (a, [a])
splitAt2 [] = Nothing
splitAt2 (x : xs) = Just (x, xs)

f1 :: Int -> Int
f1 i = case safeDiv 100 (i `mod` 7) of
  Nothing -> 0
  Just q -> q + 1

f2 :: Int -> Int
f2 i = case classify (i - 500) of
  Left _ -> 0
  Right k -> k

f3 :: [Int] -> Int
f3 xs = case splitAt2 xs of
  Nothing -> 0
  Just (y, ys) -> y + length ys

f4 :: Int -> Int
f4 i = maybe 0 (+ 1) (safeDiv i 3) + either length id (classify i)

main :: IO ()
main = do
  print (sum (map f1 [1 .. 1000]))
  print (sum (map f2 [1 .. 1000]))
  print (sum (map (\i -> f3 [i .. i + 3]) [1 .. 1000]))
  print (sum (map f4 [-500 .. 500]))
