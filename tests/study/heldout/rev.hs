module Main (main) where

-- Held out of the bundled corpus: naive and accumulating list reversal.
nrev :: [Int] -> [Int]
nrev [] = []
nrev (x : xs) = nrev xs ++ [x]

arev :: [Int] -> [Int] -> [Int]
arev [] acc = acc
arev (x : xs) acc = arev xs (x : acc)

main :: IO ()
main = do
  let xs = [1 .. 120]
  putStrLn (show (sum (nrev xs)) ++ " " ++ show (head (arev xs [])))
