-- Nested patterns, as-patterns, irrefutable patterns, where over guards, case with guards
data Tree = Leaf | Node Tree (Int, String) Tree deriving Show

insert :: (Int, String) -> Tree -> Tree
insert kv Leaf = Node Leaf kv Leaf
insert kv@(k, _) t@(Node l kv'@(k', _) r)
  | k < k' = Node (insert kv l) kv' r
  | k > k' = Node l kv' (insert kv r)
  | otherwise = t

depthInfo :: Tree -> (Int, Int)
depthInfo Leaf = (0, 0)
depthInfo (Node Leaf _ Leaf) = (1, 1)
depthInfo (Node l _ r) = (1 + max dl dr, 1 + min ml mr)
  where (dl, ml) = depthInfo l
        (dr, mr) = depthInfo r

pairsUp :: [a] -> [(a, a)]
pairsUp (x : rest@(y : _)) = (x, y) : pairsUp rest
pairsUp _ = []

splitEvens :: [Int] -> ([Int], [Int])
splitEvens = foldr (\x ~(es, os) -> if even x then (x : es, os) else (es, x : os)) ([], [])

classify :: (Maybe Int, Either String [Int]) -> String
classify p = case p of
  (Nothing, Left msg) -> "none/" ++ msg
  (Just n, Right (x : _ : _)) | n > x -> "big head"
                              | otherwise -> "small head"
  (Just _, Right [x]) -> "single " ++ show x
  (Just 0, _) -> "zero"
  (_, Right []) -> "empty"
  (m, Left _) -> "left with " ++ maybe "-" show m
  _ -> "other"

grade :: Int -> Int -> String
grade score total
  | pct >= 90 = "A" ++ plus
  | pct >= 75 = "B" ++ plus
  | pct >= 50 = "C"
  | otherwise = "F (" ++ show pct ++ "%)"
  where pct = score * 100 `div` total
        plus | pct `mod` 10 >= 5 = "+"
             | otherwise = ""

compress :: String -> [(Char, Int)]
compress [] = []
compress s@(c : _) = let (run, rest) = span (== c) s in (c, length run) : compress rest

lazyFst :: Int
lazyFst = let ~(a, _) = (5, undefined :: Int) in a * 2

main :: IO ()
main = do
  let t = foldr insert Leaf [((i * 7919) `mod` 1009, show i) | i <- [1 .. 600 :: Int]]
  print (depthInfo t)
  print (take 5 (pairsUp "abcdef"), length (pairsUp [1 .. 3000 :: Int]))
  print (splitEvens [1 .. 20], let (es, _) = splitEvens [1 ..] in take 5 es)
  mapM_ (putStrLn . classify)
    [(Nothing, Left "x"), (Just 9, Right [1, 2]), (Just 0, Right [5, 6]), (Just 3, Right [4]),
     (Just 0, Left "z"), (Nothing, Right []), (Just 2, Left "q"), (Nothing, Right [1, 2])]
  print [grade s 80 | s <- [80, 76, 70, 61, 45, 12]]
  print (compress "aaabccddddde", sum (map snd (compress (concatMap show [1 .. 2000 :: Int]))))
  print lazyFst
  let (q, r) = 1000 `divMod` 7
      [a, b, c] = "xyz"
      (h : _, n) = ("hello", 5 :: Int)
  print (q, r, a, b, c, h, n)
