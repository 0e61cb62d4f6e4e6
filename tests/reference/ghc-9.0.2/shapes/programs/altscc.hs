g :: Char -> Int -> Maybe Int
g c x = case c of
  'a' -> Just (x + 1)
  _ -> Nothing

h :: Int -> Int -> Maybe Int
h 0 x = Just (x + 1)
h _ x = Just (x * 2)

k :: Int -> Maybe Int
k x | x > 0 = Just (x + 1)
    | otherwise = Nothing

m :: Int -> Maybe Int
m x = if x > 0 then Just (x + 1) else Nothing

n :: Int -> Maybe Int
n x = let y = x + 1 in Just y

main :: IO ()
main = do
  print (sum [v | Just v <- map (g 'a') [1 .. 100]])
  print (sum [v | Just v <- map (h 0) [1 .. 100]])
  print (sum [v | Just v <- map k [1 .. 100]])
  print (sum [v | Just v <- map m [1 .. 100]])
  print (sum [v | Just v <- map n [1 .. 100]])
