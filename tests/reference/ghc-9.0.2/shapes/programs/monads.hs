safeDiv :: Int -> Int -> Maybe Int
safeDiv _ 0 = Nothing
safeDiv a b = Just (a `div` b)

calc :: Int -> Int -> Int -> Maybe Int
calc a b c = do
  x <- safeDiv a b
  y <- safeDiv x c
  return (x + y)

pairs :: Int -> [(Int, Int)]
pairs n = do
  x <- [1 .. n]
  y <- [x .. n]
  if x + y == n then return (x, y) else []

pythag :: Int -> [(Int, Int, Int)]
pythag n = do
  a <- [1 .. n]
  b <- [a .. n]
  c <- [b .. n]
  if a * a + b * b == c * c then [(a, b, c)] else []

parseAge :: Int -> Either String Int
parseAge n
  | n < 0 = Left "negative"
  | n > 150 = Left "too old"
  | otherwise = Right n

both :: Int -> Int -> Either String (Int, Int)
both a b = do
  x <- parseAge a
  y <- parseAge b
  pure (x, y)

firstJusts :: [Maybe Int] -> [Int]
firstJusts ms = do
  Just x <- ms
  return x

main :: IO ()
main = do
  print (calc 100 5 2, calc 1 0 2, calc 10 2 0)
  print (pairs 6)
  print (pythag 20)
  print (both 30 40, both 30 200, both (-1) 5)
  print (firstJusts [Just 1, Nothing, Just 3])
  print (Just 3 >>= \x -> if x > 2 then Just (x * 2) else Nothing)
  print ([1, 2, 3] >>= \x -> [x, x * 10])
  print (safeDiv 10 =<< Just 2, Just 5 >> Just 6, Nothing >> Just 1 :: Maybe Int)
