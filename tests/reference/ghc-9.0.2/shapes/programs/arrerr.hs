import Data.Array
import Data.IORef

main :: IO ()
main = do
  r <- newIORef (4 :: Int)
  let a = listArray (0, 4) [10, 20 .. 50] :: Array Int Int
  k <- readIORef r
  print (a ! k)
  modifyIORef r (+ 1)
  k' <- readIORef r
  print (a ! k')
