import Control.Monad
import Control.Monad.ST
import Data.STRef
import Data.IORef

stMapM :: Int -> Int
stMapM n = runST (do { rs <- mapM newSTRef [1 .. n]; vs <- mapM readSTRef rs; return (sum vs) })

ioMapM :: Int -> IO Int
ioMapM n = do { rs <- mapM newIORef [1 .. n]; vs <- mapM readIORef rs; return (sum vs) }

stFoldM :: Int -> Int
stFoldM n = runST (foldM (\a x -> return (a + x)) 0 [1 .. n])

ioFoldM :: Int -> IO Int
ioFoldM n = foldM (\a x -> return (a + x)) 0 [1 .. n]

stForM :: Int -> Int
stForM n = runST (do
  r <- newSTRef 0
  forM_ [1 .. n] (\i -> when (even i) (modifySTRef' r (+ i)))
  replicateM_ n (modifySTRef r (+ 1))
  xs <- forM [1 .. n] (\i -> return (i * 2))
  zipWithM_ (\a b -> writeSTRef r (a + b)) xs xs
  ys <- replicateM 3 (readSTRef r)
  v <- readSTRef r
  return (v + sum ys))

ioForM :: Int -> IO Int
ioForM n = do
  r <- newIORef 0
  forM_ [1 .. n] (\i -> when (even i) (modifyIORef' r (+ i)))
  replicateM_ n (modifyIORef r (+ 1))
  xs <- forM [1 .. n] (\i -> return (i * 2))
  zipWithM_ (\a b -> writeIORef r (a + b)) xs xs
  ys <- replicateM 3 (readIORef r)
  v <- readIORef r
  return (v + sum ys)

stFmap :: Int -> Int
stFmap n = runST (do
  r <- newSTRef n
  a <- fmap (+ 1) (readSTRef r)
  b <- (* 2) <$> readSTRef r
  c <- pure 3
  d <- readSTRef r >>= \x -> return (x + 1)
  readSTRef r >> return (a + b + c + d))

main :: IO ()
main = do
  let n = 1000
  print (stMapM n)
  ioMapM n >>= print
  print (stFoldM n)
  ioFoldM n >>= print
  print (stForM n)
  ioForM n >>= print
  print (stFmap n)
  print (stToIO' n)
  where stToIO' k = k + 1
