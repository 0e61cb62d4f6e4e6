module Main (main) where

-- Recursion: the call-heavy classic, with a tail-recursive driver over a range.
nfib :: Int -> Int
nfib n = if n < 2 then 1 else nfib (n - 1) + nfib (n - 2) + 1

report :: Int -> IO ()
report n = putStrLn ("nfib " ++ show n ++ " = " ++ show (nfib n))

main :: IO ()
main = mapM_ report [10, 12, 14]
