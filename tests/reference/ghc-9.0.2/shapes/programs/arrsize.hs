import Data.Array
main :: IO ()
main = do
  let a = listArray (0, 999) [0 ..] :: Array Int Int
      b = listArray (0, 1999) (repeat 'x') :: Array Int Char
      c = listArray (1, 3000) (repeat 'y') :: Array Int Char
  print (a ! 5, b ! 7, c ! 9)
  print (sum [a ! i | i <- [0 .. 999], _ <- [1 .. 100 :: Int]])
  print (a ! 5, b ! 7, c ! 9)
