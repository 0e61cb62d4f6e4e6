-- Imperative-style loops in IO over IORefs.
import Data.IORef
import Control.Monad (when, unless, forM_, forM, replicateM_, foldM)

collatzLen :: Int -> IO Int
collatzLen n0 = do
  n <- newIORef n0
  steps <- newIORef 0
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
  best <- newIORef (0, 0)
  forM_ [1 .. 300] $ \i -> do
    len <- collatzLen i
    (_, bl) <- readIORef best
    when (len > bl) $ writeIORef best (i, len)
  readIORef best >>= print
  counter <- newIORef (0 :: Int)
  replicateM_ 500 (modifyIORef counter (+ 3))
  readIORef counter >>= print
  total <- foldM (\acc x -> do
                    when (x `mod` 250 == 0) $ putStrLn ("at " ++ show x ++ ": " ++ show acc)
                    return (acc + x * x)) 0 [1 .. 1000 :: Int]
  print total
  hist <- newIORef (replicate 10 (0 :: Int))
  forM_ [1 .. 2000 :: Int] $ \k -> do
    let d = (k * 7919) `mod` 10
    modifyIORef hist (\h -> [ if i == d then c + 1 else c | (i, c) <- zip [0 ..] h ])
  readIORef hist >>= print
  squares <- forM [1 .. 10 :: Int] (\x -> return (x * x))
  print squares
  flag <- newIORef False
  forM_ squares $ \s -> unless (s < 50) (writeIORef flag True)
  readIORef flag >>= print
  stack <- newIORef ([] :: [Int])
  forM_ [1 .. 20] $ \x ->
    if x `mod` 3 == 0
      then modifyIORef stack (drop 1)
      else modifyIORef stack (x :)
  readIORef stack >>= print
