-- An array of thunks: a lazy Data.Array whose cells refer to earlier cells (a
-- dynamic programme counting paths with steps 1, 2 and 5), forced from the top.
import Data.Array

ways :: Int -> Array Int Int
ways n = table
  where
    table = listArray (0, n) [cell i | i <- [0 .. n]]
    cell 0 = 1
    cell i = (get (i - 1) + get (i - 2) + get (i - 5)) `mod` 1000003
    get j = if j < 0 then 0 else table ! j

main :: IO ()
main = do
  let t = ways 12000
  print (t ! 12000)
  print (sum (elems t) `mod` 1000)
