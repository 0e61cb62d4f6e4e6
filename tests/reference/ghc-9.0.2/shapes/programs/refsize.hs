import Data.IORef
main :: IO ()
main = do
  refs <- mapM newIORef [1 .. 1000 :: Int]
  let loop k = if k == 0 then return () else do
        mapM_ (\x -> modifyIORef' x (+ 1)) refs
        loop (k - 1 :: Int)
  loop 300
  vals <- mapM readIORef refs
  print (sum vals)
