-- CAFs held by an IORef (written before the CAF is evaluated) and by a Data.Map value: once
-- evaluated and named by no live code, GHC keeps them through those objects to the end.
import Data.IORef
import qualified Data.Map as M

table :: [Int]
table = [ x * 3 | x <- [1 .. 20000] ]

other :: [Int]
other = [ x * 5 | x <- [1 .. 10000] ]

spin :: Int -> Int -> Int
spin 0 acc = acc
spin n acc = acc `seq` spin (n - 1) ((acc * 17 + n) `mod` 999983)

main :: IO ()
main = do
  ref <- newIORef []
  writeIORef ref table
  let m = M.fromList [(1, other), (2, [])]
  m `seq` print (spin 100000 0)
  print (sum table + sum other)
  print (spin 300000 0)
  xs <- readIORef ref
  print (length xs + maybe 0 length (M.lookup 1 m))
