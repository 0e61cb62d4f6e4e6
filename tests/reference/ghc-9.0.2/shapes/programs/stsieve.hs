import Control.Monad.ST
import Data.STRef
import Data.Array.ST
import Data.Array.Unboxed

sumST :: [Int] -> Int
sumST xs = runST $ do { r <- newSTRef 0; mapM_ (\x -> modifySTRef' r (+x)) xs; readSTRef r }

sieve :: Int -> UArray Int Bool
sieve n = runSTUArray $ do
  arr <- newArray (2, n) True
  loop n arr 2
  return arr

loop :: Int -> STUArray s Int Bool -> Int -> ST s ()
loop n arr i
  | i * i > n = return ()
  | otherwise = do
      v <- readArray arr i
      if v then mapM_ (\j -> writeArray arr j False) [i*i, i*i+i .. n] else return ()
      loop n arr (i + 1)

main :: IO ()
main = do { print (sumST [1..1000]); print (length (filter id (elems (sieve 10000)))) }
