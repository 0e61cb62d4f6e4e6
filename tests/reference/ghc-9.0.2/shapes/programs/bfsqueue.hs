module Main (main) where

data Queue a = Queue [a] [a]

emptyQ :: Queue a
emptyQ = Queue [] []

push :: a -> Queue a -> Queue a
push x (Queue f b) = Queue f (x : b)

pop :: Queue a -> Maybe (a, Queue a)
pop (Queue [] []) = Nothing
pop (Queue [] b) = pop (Queue (reverse b) [])
pop (Queue (x : f) b) = Just (x, Queue f b)

data Tree = Leaf | Node Tree Int Tree

insert :: Int -> Tree -> Tree
insert x Leaf = Node Leaf x Leaf
insert x t@(Node l v r)
  | x < v = Node (insert x l) v r
  | x > v = Node l v (insert x r)
  | otherwise = t

bfs :: Tree -> [Int]
bfs t = go (push t emptyQ)
  where
    go q = case pop q of
      Nothing -> []
      Just (Leaf, q') -> go q'
      Just (Node l v r, q') -> v : go (push r (push l q'))

depth :: Tree -> Int
depth Leaf = 0
depth (Node l _ r) = 1 + max (depth l) (depth r)

collatzLen :: Int -> Int
collatzLen = go 1
  where go acc 1 = acc
        go acc n = go (acc + 1) (if even n then n `div` 2 else 3 * n + 1)

main :: IO ()
main = do
  let keys = take 2000 (iterate (\k -> (k * 1103 + 12345) `mod` 65536) 7)
      t = foldr insert Leaf keys
  print (take 10 (bfs t))
  print (length (bfs t), depth t)
  print (sum (map collatzLen [1 .. 3000]))
  let (evens, odds) = foldr (\x (es, os) -> if even x then (x : es, os) else (es, x : os)) ([], []) keys
  print (length evens, length odds, sum (zipWith (*) evens odds) `mod` 1000003)
  print (scanl (+) 0 (take 10 keys))
  print (takeWhile (< 60000) (dropWhile (< 100) keys) == filter (\k -> k >= 100) (takeWhile (< 60000) (dropWhile (< 100) keys)))
