module Main (main) where

-- Call-heavy recursion: the classic cost-centre profiling example.
nfib :: Int -> Int
nfib n = if n < 2 then 1 else nfib (n-1) + nfib (n-2)

main :: IO ()
main = print (nfib 18)
