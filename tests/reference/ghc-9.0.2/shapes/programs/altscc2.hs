f :: Maybe Int -> Maybe Int
f (Just x) = Just (x + 1)
f Nothing = Nothing

g :: Either Int Int -> Either Int Int
g e = case e of
  Left x -> Right (x + 1)
  Right y -> Left (y * 2)

h :: Bool -> Int -> Maybe Int
h True x = Just (x + 1)
h False x = Just (x * 2)

main :: IO ()
main = do
  print (sum [v | Just v <- map (f . Just) [1 .. 100]])
  print (length [v | Right v <- map (g . Left) [1 .. 100]])
  print (sum [v | Just v <- map (h True) [1 .. 100]])
