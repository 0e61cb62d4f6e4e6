-- A lazily defined array of costly cells (each a thunk depending on earlier cells),
-- forced progressively in blocks by a loop that reports partial sums.
import Data.Array

cells :: Int -> Array Int Int
cells n = table
  where
    table = listArray (0, n - 1) [cell i | i <- [0 .. n - 1]]
    cell 0 = 1
    cell i = (table ! (i `div` 2) + digits (i * 7919)) `mod` 10007

digits :: Int -> Int
digits 0 = 0
digits k = k `mod` 10 + digits (k `div` 10)

blockSum :: Array Int Int -> Int -> Int -> Int
blockSum a lo hi = go lo 0
  where
    go i acc
      | i > hi = acc
      | otherwise = let acc' = acc + a ! i in acc' `seq` go (i + 1) acc'

report :: Array Int Int -> Int -> IO ()
report a b = print (blockSum a (b * 800) (b * 800 + 799))

main :: IO ()
main = do
  let a = cells 8000
  mapM_ (report a) [0 .. 9]
  print (a ! 7999)
