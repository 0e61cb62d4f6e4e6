-- Data.IORef loops with modifyIORef', forM_/mapM_ with when/unless, a counter table
import Data.IORef
import Control.Monad (forM_, when, unless, replicateM_, forM)

collatzLen :: Int -> IO Int
collatzLen n0 = do
  n <- newIORef n0
  steps <- newIORef (0 :: Int)
  let loop = do
        v <- readIORef n
        unless (v == 1) $ do
          writeIORef n (if even v then v `div` 2 else 3 * v + 1)
          modifyIORef' steps (+ 1)
          loop
  loop
  readIORef steps

main :: IO ()
main = do
  total <- newIORef (0 :: Int)
  evens <- newIORef []
  forM_ [1 .. 100 :: Int] $ \i -> do
    modifyIORef' total (+ i)
    when (i `mod` 17 == 0) $ modifyIORef evens (i :)
  readIORef total >>= print
  readIORef evens >>= print . reverse
  best <- newIORef (0, 0)
  forM_ [1 .. 300] $ \i -> do
    l <- collatzLen i
    (_, bl) <- readIORef best
    when (l > bl) $ do
      writeIORef best (i, l)
      unless (i < 50) $ putStrLn ("new best " ++ show i ++ " with " ++ show l)
  readIORef best >>= print
  hist <- newIORef (replicate 10 (0 :: Int))
  mapM_ (\x -> modifyIORef' hist (bump (x `mod` 10))) [x * x + 3 * x | x <- [1 .. 200 :: Int]]
  readIORef hist >>= print
  fibs <- newIORef (0 :: Integer, 1 :: Integer)
  replicateM_ 80 (modifyIORef' fibs (\(a, b) -> (b, a + b)))
  readIORef fibs >>= print . fst
  counters <- forM "abc" $ \c -> do
    r <- newIORef [c]
    return (c, r)
  forM_ (zip (cycle counters) "hello world") $ \((_, r), ch) -> modifyIORef r (ch :)
  forM_ counters $ \(c, r) -> do
    s <- readIORef r
    putStrLn (c : " -> " ++ reverse s)
  x <- atomicModifyIORef' total (\t -> (t * 2, t + 1))
  readIORef total >>= \t -> print (x, t)
  where
    bump k xs = [if i == k then v + 1 else v | (i, v) <- zip [0 ..] xs]
