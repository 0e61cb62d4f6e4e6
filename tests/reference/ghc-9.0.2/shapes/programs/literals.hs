l1 :: Int -> Int
l1 k = k + length "a"

l2 :: Int -> Int
l2 k = k + length "ab"

l8 :: Int -> Int
l8 k = k + length "abcdefgh"

s1 :: Int -> Int
s1 k = length (shows k "a")

s8 :: Int -> Int
s8 k = length (shows k "abcdefgh")

main :: IO ()
main = do
  print (sum (map l1 [1 .. 1000]))
  print (sum (map l2 [1 .. 1000]))
  print (sum (map l8 [1 .. 1000]))
  print (sum (map s1 [1 .. 1000]))
  print (sum (map s8 [1 .. 1000]))
