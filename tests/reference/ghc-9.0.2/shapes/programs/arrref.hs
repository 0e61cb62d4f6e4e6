-- A table of Doubles in an Array held by an IORef, probed in rounds, then replaced.
import Data.Array
import Data.IORef

mkTable :: Int -> Array Int Double
mkTable n = listArray (0, n - 1) [fromIntegral i * 0.5 | i <- [0 .. n - 1]]

probe :: Array Int Double -> Int -> Int
probe a k = go 0 0
  where
    (_, hi) = bounds a
    go acc j
      | j >= k = acc
      | otherwise =
          let acc' = acc + truncate (a ! ((j * 7) `mod` (hi + 1)))
          in acc' `seq` go acc' (j + 1)

main :: IO ()
main = do
  ref <- newIORef (mkTable 2000)
  a0 <- readIORef ref
  print (maximum (elems a0))
  print (probe a0 15000)
  modifyIORef ref (fmap (* 2))
  a1 <- readIORef ref
  print (probe a1 15000)
  print (a1 ! 1999)
