h1 :: Int -> Maybe Int
h1 x = Just w
  where
    w = x + 7

h2 :: Int -> (Int, Int)
h2 x = (w, w)
  where
    w = x + 7

h3 :: Int -> Maybe Int
h3 x = Just (w + 1)
  where
    w = x * 2

h4 :: Int -> [Int]
h4 x = [a, b]
  where
    a = x + 1
    b = x + 2

h5 :: Int -> (Int, Int)
h5 x = let w = x + 7 in (w, w)

h6 :: Int -> Maybe Int
h6 x = let w = x * 3 in Just w

h7 :: Int -> Maybe Int
h7 x = Just (f x)
  where
    f y = y * y

main :: IO ()
main = do
  print (sum [maybe 0 id (h1 i) | i <- [1 .. 100]])
  print (sum [fst (h2 i) + snd (h2 i) | i <- [1 .. 100]])
  print (sum [maybe 0 id (h3 i) | i <- [1 .. 100]])
  print (sum [sum (h4 i) | i <- [1 .. 100]])
  print (sum [fst (h5 i) + snd (h5 i) | i <- [1 .. 100]])
  print (sum [maybe 0 id (h6 i) | i <- [1 .. 100]])
  print (sum [maybe 0 id (h7 i) | i <- [1 .. 100]])
