module Main (main) where

-- N queens with list comprehensions: lots of short-lived lists.
queens :: Int -> [[Int]]
queens n = go n
  where
    go 0 = [[]]
    go k = [q : qs | qs <- go (k - 1), q <- [1 .. n], safe q qs]

safe :: Int -> [Int] -> Bool
safe q qs = and [q /= c && abs (q - c) /= d | (d, c) <- zip [1 ..] qs]

main :: IO ()
main = do
  let solutions = queens 6
  print (length solutions)
  print (head solutions)
