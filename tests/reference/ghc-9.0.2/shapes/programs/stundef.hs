import Control.Monad.ST
import Data.STRef
import Data.Array.ST

main :: IO ()
main = do
  print (runST (do { r <- newSTRef (3 :: Int); modifySTRef r (* 2); readSTRef r }))
  print (runST (do { a <- newArray_ (1, 3) :: ST s (STArray s Int Int); writeArray a 1 5; readArray a 1 }))
  print (runST (do { a <- newArray_ (1, 3) :: ST s (STArray s Int Int); readArray a 2 }))
