import Data.Array
import Data.List (foldl')
main :: IO ()
main = do
  let a = listArray (1, 5) [3, 1, 4, 1, 5] :: Array Int Int
      e = listArray (1, 0) [] :: Array Int Int
  print (any even a, all (> 0) a, notElem 7 a, and (fmap (> 0) a), or (fmap (> 4) a))
  print (product a, minimum a, null a, null e, foldl (+) 0 a, foldl' (-) 0 a, concatMap show a)
  print (foldr1 (-) a, length e, sum e)
  print (maximum e)
