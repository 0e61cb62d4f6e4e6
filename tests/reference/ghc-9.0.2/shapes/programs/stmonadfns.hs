import Control.Monad
import Data.IORef

pForM_ :: IORef Int -> Int -> IO ()
pForM_ r n = forM_ [1 .. n] (\i -> modifyIORef' r (+ i))

pWhen :: IORef Int -> Int -> IO ()
pWhen r n = forM_ [1 .. n] (\i -> when (even i) (modifyIORef' r (+ i)))

pRepl_ :: IORef Int -> Int -> IO ()
pRepl_ r n = replicateM_ n (modifyIORef' r (+ 1))

pForM :: Int -> IO [Int]
pForM n = forM [1 .. n] (\i -> return (i * 2))

pZip_ :: IORef Int -> [Int] -> IO ()
pZip_ r xs = zipWithM_ (\a b -> writeIORef r (a + b)) xs xs

pRepl :: IORef Int -> IO [Int]
pRepl r = replicateM 1000 (readIORef r)

pFoldM :: Int -> IO Int
pFoldM n = foldM (\a x -> return (a + x)) 0 [1 .. n]

main :: IO ()
main = do
  let n = 1000
  r <- newIORef 0
  pForM_ r n
  pWhen r n
  pRepl_ r n
  xs <- pForM n
  pZip_ r xs
  ys <- pRepl r
  s <- pFoldM n
  v <- readIORef r
  print (v, sum ys, s)
