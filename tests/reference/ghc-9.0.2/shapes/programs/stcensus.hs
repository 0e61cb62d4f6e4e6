import Control.Monad
import Data.Array.IO
import Data.Array.Unboxed

main :: IO ()
main = do
  a <- newArray (0, 999) 1 :: IO (IOUArray Int Int)
  b <- newArray (1, 2000) True :: IO (IOUArray Int Bool)
  c <- newArray (0, 999) 'c' :: IO (IOUArray Int Char)
  d <- newArray (0, 999) 0 :: IO (IOArray Int Int)
  let u = listArray (0, 999) [1 ..] :: UArray Int Int
  forM_ [1 .. 100 :: Int] $ \k -> forM_ [0, 7 .. 999] $ \i -> do
    x <- readArray a i
    writeArray a i (x + k)
  x <- readArray a 7
  y <- readArray b 9
  z <- readArray c 11
  w <- readArray d 13
  print (x, y, z, w, u ! 5)
