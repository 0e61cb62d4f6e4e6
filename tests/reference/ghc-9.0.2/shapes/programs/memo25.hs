-- Memoisation: a lazy list table, a Data.Map threaded through a fold, and State-style Map memo
import qualified Data.Map as M
import Data.List (foldl')

-- lazy infinite table
fibTable :: [Integer]
fibTable = map fib [0 ..]
  where fib 0 = 0
        fib 1 = 1
        fib n = fibTable !! (n - 1) + fibTable !! (n - 2)

-- explicit memo map passed around
collatzLen :: M.Map Int Int -> Int -> (Int, M.Map Int Int)
collatzLen memo n
  | n == 1 = (1, memo)
  | otherwise = case M.lookup n memo of
      Just l -> (l, memo)
      Nothing ->
        let next = if even n then n `div` 2 else 3 * n + 1
            (l, memo') = collatzLen memo next
            l' = l + 1
        in (l', M.insert n l' memo')

longestCollatz :: Int -> (Int, Int)
longestCollatz limit = fst (foldl' go ((1, 1), M.empty) [1 .. limit])
  where go ((bestN, bestL), memo) n =
          let (l, memo') = collatzLen memo n
          in if l > bestL then ((n, l), memo') else ((bestN, bestL), memo')

-- partitions of n by a memo map built bottom-up
partitions :: Int -> Integer
partitions n = table M.! (n, n)
  where
    table = M.fromList [((i, j), p i j) | i <- [0 .. n], j <- [0 .. n]]
    p 0 _ = 1
    p _ 0 = 0
    p i j
      | j > i = table M.! (i, i)
      | otherwise = table M.! (i, j - 1) + table M.! (i - j, j)

-- coin change count with a list-of-lists table
change :: [Int] -> Int -> Integer
change coins target = foldl' addCoin (1 : replicate target 0) coins !! target
  where addCoin ways c = let new = zipWith (+) ways (replicate c 0 ++ new) in new

-- binomials memoised in rows of Pascal's triangle
pascalRows :: [[Integer]]
pascalRows = iterate (\r -> zipWith (+) (0 : r) (r ++ [0])) [1]

choose :: Int -> Int -> Integer
choose n k = pascalRows !! n !! k

main :: IO ()
main = do
  print (take 15 fibTable, fibTable !! 90)
  print (longestCollatz 3000)
  print (map partitions [5, 10, 20, 30])
  print (change [1, 2, 5, 10, 20, 50, 100, 200] 200, change [3, 7] 50)
  print (choose 30 15, sum (pascalRows !! 20), [choose 10 k | k <- [0 .. 10]])
