import Control.Monad.ST
import Data.STRef
import Data.Array.ST
import Data.Array.Unboxed
import Data.Array.IO
import Control.Monad

newRef :: Int -> ST s (STRef s Int)
newRef x = newSTRef x

rd :: STRef s Int -> ST s Int
rd r = readSTRef r

wr :: STRef s Int -> Int -> ST s ()
wr r x = writeSTRef r x

md :: STRef s Int -> ST s ()
md r = modifySTRef r (+1)

md' :: STRef s Int -> ST s ()
md' r = modifySTRef' r (+1)

refs :: Int -> Int
refs n = runST (do
  r <- newRef 0
  let go i = if i > n then return () else do
        x <- rd r
        wr r (x + i)
        md r
        md' r
        go (i + 1)
  go 1
  rs <- mapM newRef [1 .. n]
  s <- foldM (\a q -> do { v <- readSTRef q; return (a + v) }) 0 rs
  v <- rd r
  return (v + s))

newB :: Int -> ST s (STArray s Int Int)
newB n = newArray (0, n - 1) 7

newU :: Int -> ST s (STUArray s Int Int)
newU n = newArray (0, n - 1) 7

newUB :: Int -> ST s (STUArray s Int Bool)
newUB n = newArray (0, n - 1) True

newUB_ :: Int -> ST s (STUArray s Int Bool)
newUB_ n = newArray_ (0, n - 1)

newL :: Int -> ST s (STUArray s Int Int)
newL n = newListArray (0, n - 1) [1 .. n]

rdB :: STArray s Int Int -> Int -> ST s Int
rdB a i = readArray a i

wrB :: STArray s Int Int -> Int -> Int -> ST s ()
wrB a i x = writeArray a i x

rdU :: STUArray s Int Int -> Int -> ST s Int
rdU a i = readArray a i

wrU :: STUArray s Int Int -> Int -> Int -> ST s ()
wrU a i x = writeArray a i x

rdUB :: STUArray s Int Bool -> Int -> ST s Bool
rdUB a i = readArray a i

wrUB :: STUArray s Int Bool -> Int -> Bool -> ST s ()
wrUB a i x = writeArray a i x

bndU :: STUArray s Int Int -> ST s (Int, Int)
bndU a = getBounds a

elsU :: STUArray s Int Int -> ST s [Int]
elsU a = getElems a

elsB :: STArray s Int Int -> ST s [Int]
elsB a = getElems a

frzU :: STUArray s Int Int -> ST s (UArray Int Int)
frzU a = freeze a

frzB :: STArray s Int Int -> ST s (Array Int Int)
frzB a = freeze a

thwU :: UArray Int Int -> ST s (STUArray s Int Int)
thwU a = thaw a

arrs :: Int -> (Int, Int, Int)
arrs n = runST (do
  b <- newB n
  u <- newU n
  ub <- newUB n
  ub2 <- newUB_ n
  l <- newL n
  forM_ [0 .. n - 1] (\i -> do
    x <- rdB b i
    wrB b i (x + i)
    y <- rdU u i
    wrU u i (y + i)
    z <- rdUB ub i
    wrUB ub2 i (not z))
  (lo, hi) <- bndU u
  es <- elsU u
  eb <- elsB b
  fu <- frzU l
  fb <- frzB b
  t <- thwU fu
  v <- readArray t 5
  return (sum es + sum eb + lo + hi + fu ! 3 + fb ! 4, v, length es))

runU :: Int -> UArray Int Int
runU n = runSTUArray (do { a <- newArray (0, n - 1) 3; writeArray a 0 5; return a })

runB :: Int -> Array Int Int
runB n = runSTArray (do { a <- newArray (0, n - 1) 3; writeArray a 0 5; return a })

uList :: Int -> UArray Int Int
uList n = listArray (0, n - 1) [1 .. n]

uIdx :: UArray Int Int -> Int -> Int
uIdx a n = go 0 0 where go i s = if i == n then s else go (i + 1) (s + a ! i)

uElems :: UArray Int Int -> Int
uElems a = sum (elems a)

uAccum :: Int -> UArray Int Int
uAccum n = accumArray (+) 0 (0, 9) [(i `mod` 10, i) | i <- [1 .. n]]

uUpd :: UArray Int Int -> UArray Int Int
uUpd a = a // [(i, 0) | i <- [0, 2 .. 999]]

uArr :: Int -> UArray Int Bool
uArr n = array (0, n - 1) [(i, even i) | i <- [0 .. n - 1]]

uAssocs :: UArray Int Bool -> Int
uAssocs a = length (filter snd (assocs a))

ioNew :: Int -> IO (IOUArray Int Int)
ioNew n = newArray (0, n - 1) 1

ioNewB :: Int -> IO (IOArray Int Int)
ioNewB n = newArray (0, n - 1) 1

ioRd :: IOUArray Int Int -> Int -> IO Int
ioRd a i = readArray a i

ioWr :: IOArray Int Int -> Int -> Int -> IO ()
ioWr a i x = writeArray a i x

main :: IO ()
main = do
  let n = 1000
  print (refs n)
  print (arrs n)
  let u = runU n
  print (u ! 0, u ! 1)
  let b = runB n
  print (b ! 0, b ! 1)
  let l = uList n
  print (uIdx l n)
  print (uElems l)
  print (uAccum n)
  print (uUpd l ! 2)
  let ba = uArr n
  print (uAssocs ba, bounds ba, take 3 (indices ba))
  io <- ioNew n
  iob <- ioNewB n
  forM_ [0 .. n - 1] (\i -> do { x <- ioRd io i; ioWr iob i (x + i) })
  s <- getElems iob
  print (sum s)
