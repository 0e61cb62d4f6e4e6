import Control.Monad
import Control.Monad.ST
import Data.STRef
import Data.Array.ST
import Data.Array.IO
import Data.Array.Unboxed
import Data.Char (ord, chr)

-- union-find over STUArrays, with path halving and union by size
find :: STUArray s Int Int -> Int -> ST s Int
find parent x = do
  p <- readArray parent x
  if p == x then return x else do
    gp <- readArray parent p
    writeArray parent x gp
    find parent gp

union :: STUArray s Int Int -> STUArray s Int Int -> Int -> Int -> ST s Bool
union parent size a b = do
  ra <- find parent a
  rb <- find parent b
  if ra == rb then return False else do
    sa <- readArray size ra
    sb <- readArray size rb
    if sa < sb
      then do { writeArray parent ra rb; writeArray size rb (sa + sb) }
      else do { writeArray parent rb ra; writeArray size ra (sa + sb) }
    return True

components :: Int -> [(Int, Int)] -> Int
components n edges = runST $ do
  parent <- newListArray (0, n - 1) [0 .. n - 1]
  size <- newArray (0, n - 1) 1
  count <- newSTRef n
  forM_ edges $ \(a, b) -> do
    merged <- union parent size a b
    when merged (modifySTRef' count (subtract 1))
  readSTRef count

-- 0/1 knapsack in one unboxed row
knapsack :: Int -> [(Int, Int)] -> Int
knapsack cap items = runST $ do
  best <- newArray (0, cap) 0 :: ST s (STUArray s Int Int)
  forM_ items $ \(w, v) ->
    forM_ [cap, cap - 1 .. w] $ \c -> do
      without <- readArray best c
      with <- readArray best (c - w)
      when (with + v > without) (writeArray best c (with + v))
  readArray best cap

-- bubble sort in a boxed STArray
bubbleSort :: [Int] -> [Int]
bubbleSort xs = elems (runSTArray (do
  let n = length xs
  arr <- newListArray (1, n) xs
  forM_ [n, n - 1 .. 2] $ \hi ->
    forM_ [1 .. hi - 1] $ \i -> do
      a <- readArray arr i
      b <- readArray arr (i + 1)
      when (a > b) (writeArray arr i b >> writeArray arr (i + 1) a)
  return arr))

-- memoised Collatz lengths in an IOUArray
collatz :: IOUArray Int Int -> Int -> Int -> IO Int
collatz memo lim k
  | k == 1 = return 1
  | k <= lim = do
      c <- readArray memo k
      if c > 0 then return c else do
        r <- collatz memo lim (next k)
        writeArray memo k (r + 1)
        return (r + 1)
  | otherwise = fmap (+ 1) (collatz memo lim (next k))
  where next m = if even m then m `div` 2 else 3 * m + 1

-- letter counts in a UArray, updated and listed
letters :: String -> UArray Char Int
letters s = accumArray (+) 0 ('a', 'z') [(c, 1) | c <- s, c >= 'a', c <= 'z']

-- a running total kept in a boxed IOArray of strings
labels :: Int -> IO [String]
labels n = do
  arr <- newArray (0, n - 1) "" :: IO (IOArray Int String)
  forM_ [0 .. n - 1] $ \i -> writeArray arr i (show (i * i))
  forM_ [1 .. n - 1] $ \i -> do
    prev <- readArray arr (i - 1)
    cur <- readArray arr i
    writeArray arr i (take 6 (prev ++ cur))
  getElems arr

main :: IO ()
main = do
  let edges = [(i, (i * 7 + 3) `mod` 500) | i <- [0, 3 .. 499]]
  print (components 500 edges)
  print (knapsack 200 [(w, v) | k <- [1 .. 30], let w = 3 + k `mod` 17, let v = k * 5 `mod` 23 + 1])
  print (take 10 (bubbleSort [(i * 37) `mod` 101 | i <- [1 .. 60]]))
  memo <- newArray (1, 3000) 0 :: IO (IOUArray Int Int)
  ls <- mapM (collatz memo 3000) [1 .. 3000]
  print (maximum ls)
  let h = letters "the quick brown fox jumps over the lazy dog and then some more text"
  print (h ! 'o', bounds h, sum (elems h))
  let h2 = h // [('a', 100), ('z', 0)]
  print (take 5 (assocs h2))
  let f = runSTUArray (do { a <- thaw h2; writeArray a 'b' 7; return a })
  print (f ! 'b', h2 ! 'b')
  frozen <- (do { a <- thaw (listArray (0, 4) [5, 4, 3, 2, 1] :: UArray Int Int) :: IO (IOUArray Int Int); writeArray a 0 9; freeze a }) :: IO (UArray Int Int)
  print (elems frozen)
  ws <- labels 200
  print (take 4 ws, length (concat ws))
  total <- stToIO (do { r <- newSTRef (0 :: Int); forM_ [1 .. 100] (\i -> modifySTRef r (+ i)); readSTRef r })
  print total
