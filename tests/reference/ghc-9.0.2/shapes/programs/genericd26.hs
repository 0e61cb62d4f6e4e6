class Semi a where
  plus :: a -> a -> a
  scale :: Int -> a -> a

data V2 = V2 Int Int deriving Show
instance Semi V2 where
  plus (V2 a b) (V2 c d) = V2 (a + c) (b + d)
  scale k (V2 a b) = V2 (k * a) (k * b)

twice :: Semi a => a -> a
twice x = plus x x

loop :: Semi a => Int -> a -> a
loop 0 x = x
loop n x = loop (n - 1) (scale 1 (twice x))

main :: IO ()
main = print (loop 1000 (V2 1 2) `seq` ())
