-- Recursive local functions generalised over a class (no signature), used more than once:
-- each use applies GHC's dictionary abstraction, which allocates the loop's closure (and
-- makes the superclass selections it needs) afresh (instantiate.py)
upd :: [(String, Int)] -> String -> Int -> [(String, Int)]
upd book k x = ins k x (ins "z" 1 book)
  where
    ins key v [] = [(key, v)]
    ins key v ((a, b) : rest)
      | a == key = (a, b + v) : rest
      | otherwise = (a, b) : ins key v rest

g :: Int -> Int
g n = loop n 0 + loop (n + 1) 1
  where
    loop 0 acc = acc
    loop m acc = loop (m - 1) (acc + m)

h :: [Int] -> Int
h xs = count xs + count (reverse xs) + count (take 2 xs)
  where
    count [] = 0
    count (_ : ys) = 1 + count ys

k :: Int -> [Int]
k n = walk n ++ walk (2 * n)
  where
    walk m = if m > 100 then [] else m : walk (m * 3)

main :: IO ()
main = do
  print (length (foldl (\b i -> upd b (show (i `mod` 7)) i) [] [1 .. 200 :: Int]))
  print (sum [g i | i <- [1 .. 200]])
  print (sum [h [i, i + 1, i + 2] | i <- [1 .. 200]])
  print (sum [sum (k i) | i <- [1 .. 200]])
