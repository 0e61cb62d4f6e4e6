-- base's words, lines and groupBy (compiled -O2 in base: no selector thunk for the rest
-- of the text or list; lines's break worker holds the rest's lines as a thunk)
import Data.List (groupBy, group)

w1, w2, w3 :: String -> Int
w1 s = length (words s)
w2 s = sum (map length (words s))
w3 s = length (words s)

l1, l2, l3 :: String -> Int
l1 s = length (lines s)
l2 s = sum (map length (lines s))
l3 s = length (lines s)

g1 :: [Int] -> Int
g1 xs = length (groupBy (==) xs)

g2 :: String -> [(Char, Int)]
g2 s = map (\g -> (head g, length g)) (group s)

main :: IO ()
main = do
  let a = concat (replicate 100 "ab ")
      b = concat (replicate 100 "abcdef ")
      c = concat (replicate 100 "ab   ")
  print (w1 a, w2 b, w3 c)
  let d = concat (replicate 100 "ab\n")
      e = concat (replicate 100 "abcdef\n")
      f = concat (replicate 100 "ab\n\n") ++ "end"
  print (l1 d, l2 e, l3 f)
  print (g1 (concatMap (\i -> [i, i, i + 1]) [1 .. 100]))
  print (take 5 (g2 (concat (replicate 50 "aabccc"))))
