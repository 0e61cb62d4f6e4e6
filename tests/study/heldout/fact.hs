module Main (main) where

-- Held out of the bundled corpus: factorials with an accumulator, and their digit sums.
fact :: Int -> Int
fact n = go n 1
  where
    go 0 acc = acc
    go k acc = go (k - 1) (acc * k)

digitSum :: Int -> Int
digitSum 0 = 0
digitSum n = n `mod` 10 + digitSum (n `div` 10)

main :: IO ()
main = mapM_ (\n -> putStrLn (show n ++ " " ++ show (digitSum (fact n)))) [5, 8, 10, 12]
