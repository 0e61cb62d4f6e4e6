-- the runtime's own heap: a small program that prints, then keeps running a while
main :: IO ()
main = do
  print (length [1 .. 10 :: Int])
  print (sum (map (`mod` 7) [1 .. 3000000 :: Int]))
