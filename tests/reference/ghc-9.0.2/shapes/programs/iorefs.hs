import Data.IORef

counter :: IORef Int -> Int -> IO ()
counter ref n = mapM_ (\i -> modifyIORef' ref (+ i)) [1 .. n]

lazyCount :: IORef Int -> Int -> IO ()
lazyCount ref n = mapM_ (\_ -> modifyIORef ref (+ 1)) [1 .. n]

pushAll :: IORef [Int] -> [Int] -> IO ()
pushAll ref xs = mapM_ (\x -> modifyIORef ref (x :)) xs

tick :: IORef Int -> IO Int
tick ref = atomicModifyIORef' ref (\n -> (n + 1, n))

main :: IO ()
main = do
  r <- newIORef (0 :: Int)
  counter r 1000
  readIORef r >>= print
  l <- newIORef 0
  lazyCount l 500
  v <- readIORef l
  print v
  s <- newIORef []
  pushAll s [1 .. 20]
  readIORef s >>= print
  writeIORef r 7
  a <- tick r
  b <- tick r
  c <- readIORef r
  print (a, b, c)
  refs <- mapM newIORef [1 .. 100 :: Int]
  mapM_ (\x -> modifyIORef x (* 2)) refs
  vals <- mapM readIORef refs
  print (sum vals)
