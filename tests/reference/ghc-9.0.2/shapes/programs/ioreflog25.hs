-- Mutable state in IORefs: a ring buffer log, counters in a Map, forM_/when/unless loops
import Data.IORef
import Control.Monad (forM_, when, unless, replicateM_, forM)
import qualified Data.Map as M
import Text.Printf (printf)

data Ring = Ring { capacity :: Int, items :: IORef [String], dropped :: IORef Int }

newRing :: Int -> IO Ring
newRing n = do
  r <- newIORef []
  d <- newIORef 0
  return (Ring n r d)

pushRing :: Ring -> String -> IO ()
pushRing ring s = do
  xs <- readIORef (items ring)
  if length xs >= capacity ring
    then do
      writeIORef (items ring) (s : take (capacity ring - 1) xs)
      modifyIORef' (dropped ring) (+ 1)
    else writeIORef (items ring) (s : xs)

contents :: Ring -> IO [String]
contents ring = reverse <$> readIORef (items ring)

main :: IO ()
main = do
  ring <- newRing 5
  counts <- newIORef (M.empty :: M.Map String Int)
  total <- newIORef (0 :: Int)
  forM_ [1 .. 300 :: Int] $ \i -> do
    let level | i `mod` 15 == 0 = "error"
              | i `mod` 5 == 0 = "warn"
              | i `mod` 3 == 0 = "debug"
              | otherwise = "info"
    modifyIORef counts (M.insertWith (+) level 1)
    modifyIORef' total (+ i)
    when (level /= "info") $ pushRing ring (level ++ "@" ++ show i)
  xs <- contents ring
  mapM_ putStrLn xs
  d <- readIORef (dropped ring)
  t <- readIORef total
  printf "dropped %d, total %d\n" d t
  m <- readIORef counts
  forM_ (M.toList m) $ \(k, v) -> printf "%-6s %4d %5.1f%%\n" k v (100 * fromIntegral v / 300 :: Double)
  -- a small bank of accounts with overdraft checks
  accts <- forM [100, 250, 40] newIORef
  let transfer from to amt = do
        a <- readIORef (accts !! from)
        unless (a < amt) $ do
          modifyIORef (accts !! from) (subtract amt)
          modifyIORef (accts !! to) (+ amt)
  forM_ (zip3 (cycle [0, 1, 2]) (cycle [1, 2, 0]) [10, 35, 70, 5, 120, 60, 15]) $ \(f, t', a) ->
    transfer f t' a
  balances <- mapM readIORef accts
  print balances
  fibs <- newIORef (0 :: Integer, 1 :: Integer)
  replicateM_ 90 (modifyIORef' fibs (\(a, b) -> (b, a + b)))
  readIORef fibs >>= print . fst
