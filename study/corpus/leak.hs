module Main (main) where

-- A leak: the list xs is needed again only at the very end (for its length), so it stays
-- live through all the work in between (drag in a biographical profile).
build :: Int -> [Int]
build n = [i * 3 `mod` 101 | i <- [1 .. n]]

churn :: Int -> Int -> Int
churn 0 acc = acc
churn k acc = churn (k - 1) ((acc * 7 + k) `mod` 100003)

main :: IO ()
main = do
  let xs = build 4000
      total = foldl (+) 0 xs
  putStrLn ("total " ++ show total)
  putStrLn ("churn " ++ show (churn 20000 total))
  putStrLn ("length " ++ show (length xs))
