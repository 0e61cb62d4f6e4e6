import Control.Monad
import Control.Monad.ST
import Data.Array.ST
import Data.Array.Base (unsafeRead, unsafeWrite, unsafeAt)
import Data.Array.Unboxed

shownU :: UArray Int Int -> Int
shownU a = length (show a)

shownB :: UArray Int Bool -> Int
shownB a = length (show a)

uRd :: STUArray s Int Int -> Int -> ST s Int
uRd a i = unsafeRead a i

uWr :: STUArray s Int Int -> Int -> Int -> ST s ()
uWr a i x = unsafeWrite a i x

uAt :: UArray Int Int -> Int -> Int
uAt a i = unsafeAt a i

idxs :: UArray Int Int -> Int
idxs a = length (indices a)

bnds :: UArray Int Int -> Int
bnds a = snd (bounds a)

loop :: Int -> Int
loop n = runST (do
  a <- newArray (0, n - 1) 1 :: ST s (STUArray s Int Int)
  forM_ [0 .. n - 1] (\i -> do { x <- uRd a i; uWr a i (x + i) })
  uRd a (n - 1))

main :: IO ()
main = do
  let n = 1000
      u = listArray (0, n - 1) [1 ..] :: UArray Int Int
      b = listArray (0, 99) (cycle [True, False]) :: UArray Int Bool
  print (shownU u, shownB b)
  print (loop n)
  print (sum [uAt u i | i <- [0 .. n - 1]])
  print (idxs u, bnds u)
