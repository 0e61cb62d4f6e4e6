module Main (main) where

-- where + guards, several clauses, local helpers with several clauses

classify :: Int -> String
classify n
  | n < 0 = "negative"
  | n == 0 = "zero"
  | n < small = "small"
  | otherwise = "large"
  where small = 10

collatz :: Int -> Int
collatz n = go n 0
  where
    go 1 acc = acc
    go m acc
      | even m = go (m `div` 2) (acc + 1)
      | otherwise = go (3 * m + 1) (acc + 1)

fact :: Integer -> Integer
fact 0 = 1
fact n = n * fact (n - 1)

main :: IO ()
main = do
  mapM_ (putStrLn . classify) [-5, 0, 3, 42]
  print (map collatz [1, 7, 27])
  print (fact 25)
  let r = fact 30 `div` fact 28
  print r
