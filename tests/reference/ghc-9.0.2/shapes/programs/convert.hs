-- fromIntegral at -O0 (base's generic fromInteger . toInteger: 64 bytes per call) and the
-- checker's types deciding Int or Double: integer literals and fromIntegral at Double
data Shape = Circle Double | Rect Double Double deriving Show

toD :: Int -> Double
toD n = sum [fromIntegral i | i <- [1 .. n]]

toI :: Int -> Int
toI n = sum [fromIntegral i | i <- [1 .. n]]

toD2 :: Int -> Double
toD2 n = sum (map fromIntegral [1 .. n])

mean :: [Int] -> Double
mean xs = fromIntegral (sum xs) / fromIntegral (length xs)

area :: Shape -> Double
area (Circle r) = 3 * r * r
area (Rect w h) = w * h

main :: IO ()
main = do
  print (toD 3000)
  print (toI 3000)
  print (toD2 3000)
  print (mean [1 .. 2000])
  print (sum (map area [if even i then Rect 2 3 else Circle 1 | i <- [1 .. 2000 :: Int]]))
  print (Rect 2 (-1))
