import Data.Array
import Data.IORef
import Control.Monad (forM_, when)

-- primes below n with a sieve over an accumArray of flags
sieve :: Int -> [Int]
sieve n = [i | (i, True) <- assocs flags]
  where
    flags = accumArray (\_ b -> b) True (2, n) [(m, False) | i <- [2 .. n], m <- [2 * i, 3 * i .. n]]

-- longest common subsequence, the table as a lazy array
lcs :: String -> String -> Int
lcs xs ys = table ! (0, 0)
  where
    n = length xs
    m = length ys
    xa = listArray (0, n - 1) xs
    ya = listArray (0, m - 1) ys
    table = array ((0, 0), (n, m)) [((i, j), cell i j) | i <- [0 .. n], j <- [0 .. m]]
    cell i j
      | i == n || j == m = 0
      | xa ! i == ya ! j = 1 + table ! (i + 1, j + 1)
      | otherwise = max (table ! (i + 1, j)) (table ! (i, j + 1))

-- letter counts
histogram :: String -> Array Char Int
histogram s = accumArray (+) 0 ('a', 'z') [(c, 1) | c <- s, c >= 'a', c <= 'z']

-- a running total and a log kept in IORefs
walk :: [Int] -> IO (Int, [Int])
walk steps = do
  pos <- newIORef 0
  seen <- newIORef []
  forM_ steps $ \s -> do
    modifyIORef' pos (+ s)
    p <- readIORef pos
    when (p `mod` 3 == 0) $ modifyIORef seen (p :)
  final <- readIORef pos
  hist <- readIORef seen
  return (final, reverse hist)

main :: IO ()
main = do
  let ps = sieve 2000
  print (length ps, take 10 ps, last ps)
  print (lcs "the quick brown fox jumps" "over the lazy dog quickly")
  let h = histogram "the quick brown fox jumps over the lazy dog again and again"
  print [(c, k) | (c, k) <- assocs h, k > 2]
  print (bounds h, h ! 'a')
  (final, hist) <- walk [1 .. 200]
  print final
  print (take 8 hist, length hist)
  let sq = listArray (1, 10) [i * i | i <- [1 .. 10]] :: Array Int Int
  print (sq // [(5, 0)])
  print (fmap (`div` 2) sq ! 7, sum (elems sq))
