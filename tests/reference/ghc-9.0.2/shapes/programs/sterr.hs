import Control.Monad
import Control.Monad.ST
import Data.Array.ST
import Data.Array.Unboxed

fill :: Int -> UArray Int Int
fill n = runSTUArray (do
  a <- newArray (0, n - 1) 0
  forM_ [0 .. n - 1] (\i -> writeArray a i (i * i))
  return a)

main :: IO ()
main = do
  let a = fill 5
  print (elems a)
  print (a ! 4)
  print (runST (do { m <- thaw a :: ST s (STUArray s Int Int); readArray m 5 }))
