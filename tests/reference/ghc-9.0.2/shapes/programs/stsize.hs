import Control.Monad.ST
import Data.Array.ST
import Data.Array.Unboxed

b1, b2, b3, b4 :: Int -> ST s (STUArray s Int Bool)
b1 n = newArray (0, n - 1) True
b2 n = newArray (0, n - 1) True
b3 n = newArray (0, n - 1) True
b4 n = newArray (1, n) False
c1, c2 :: Int -> ST s (STUArray s Int Char)
c1 n = newArray (0, n - 1) 'x'
c2 n = newArray (0, n - 1) 'x'
d1 :: Int -> ST s (STUArray s Int Double)
d1 n = newArray (0, n - 1) 1.5
i1, i2 :: Int -> ST s (STUArray s Int Int)
i1 n = newArray (0, n - 1) 0
i2 n = newArray_ (0, n - 1)
s1, s2 :: Int -> ST s (STArray s Int Int)
s1 n = newArray (0, n - 1) 0
s2 n = newArray_ (0, n - 1)
e1 :: Int -> ST s (STUArray s Int Int)
e1 n = newListArray (0, n - 1) []

main :: IO ()
main = print (runST (do
  a <- b1 1
  b <- b2 64
  c <- b3 65
  d <- b4 2000
  e <- c1 1
  f <- c2 1000
  g <- d1 1000
  h <- i1 1
  i <- i2 1000
  j <- s1 1
  k <- s2 1000
  l <- e1 1000
  x <- readArray d 5
  y <- readArray f 5
  z <- readArray l 5
  return (x, y, z)))
