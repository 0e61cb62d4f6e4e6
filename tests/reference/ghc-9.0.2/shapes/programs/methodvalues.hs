-- A class method passed as a value at -O0 (foldr (+), map show, foldr max, zipWith (+),
-- sortBy compare): its selection from the instance's dictionary is a thunk of its own.
import Data.List (foldl', sortBy)

ks :: [Int]
ks = [1 .. 1000]

one :: [Int]
one = [7]

app :: (a -> b) -> a -> b
app f x = f x

main :: IO ()
main = do
  print (sum ks)
  print ({-# SCC "foldrPlus" #-} foldl' (\a k -> a + foldr (+) 0 one) 0 ks)
  print ({-# SCC "foldrLam" #-} foldl' (\a k -> a + foldr (\x y -> x + y) 0 one) 0 ks)
  print ({-# SCC "zipPlus" #-} foldl' (\a k -> a + sum (zipWith (+) one one)) 0 ks)
  print ({-# SCC "mapShow" #-} foldl' (\a k -> a + length (map show one)) 0 ks)
  print ({-# SCC "foldrMax" #-} foldl' (\a k -> a + foldr max 0 one) 0 ks)
  print ({-# SCC "sortByCompare" #-} foldl' (\a k -> a + length (sortBy compare one)) 0 ks)
  print ({-# SCC "appShow" #-} foldl' (\a k -> a + length (app show k)) 0 ks)
  print ({-# SCC "appNegate" #-} foldl' (\a k -> a + app negate k) 0 ks)
  print ({-# SCC "appSucc" #-} foldl' (\a k -> a + app succ k) 0 ks)
  print ({-# SCC "appLength" #-} foldl' (\a k -> a + app length one) 0 ks)
  print ({-# SCC "appMax3" #-} foldl' (\a k -> a + app (max 3) k) 0 ks)
  print ({-# SCC "section" #-} foldl' (\a k -> a + length (filter (== 7) one)) 0 ks)
