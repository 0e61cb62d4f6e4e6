import Data.List
import Data.Maybe (listToMaybe, maybeToList)
import Data.Function (on)
import Control.Monad

main :: IO ()
main = do
  print (permutations [1, 2, 3 :: Int])
  print (subsequences "abc", inits "ab", tails "ab")
  print (groupBy ((==) `on` (`div` 10)) [1, 5, 12, 18, 25 :: Int])
  print (sortOn snd [(1 :: Int, 'c'), (2, 'a'), (3, 'b')], dropWhileEnd (== ' ') "hi  ")
  print (stripPrefix "foo" "foobar", stripPrefix "x" "abc", scanl1 (+) [1, 2, 3 :: Int], scanr1 max [3, 1, 2 :: Int])
  print (delete 3 [1, 3, 2, 3 :: Int], union [1, 2] [2, 3 :: Int], intersect [1, 2, 3] [2, 3, 4 :: Int])
  print (find even [1, 3, 4, 5 :: Int], findIndex (> 2) [1, 2, 3 :: Int], elemIndex 'c' "abc", elemIndices 'a' "banana")
  print (listToMaybe [1 :: Int], maybeToList (Just 'x'), nubBy (\a b -> a `mod` 3 == b `mod` 3) [1 .. 10 :: Int])
  r <- foldM (\acc x -> do { print x; return (acc + x) }) 0 [1, 2, 3 :: Int]
  print r
  replicateM_ 2 (putStrLn "hey")
  xs <- replicateM 2 (return 'z')
  print (xs, maximumBy (compare `on` snd) [(1 :: Int, 'a'), (2, 'z')], transpose ["abc", "d", "ef"])
  print (length (permutations [1 .. 6 :: Int]), take 3 (permutations "abcd"))
