-- A rose-ish tree with Maybe children walked breadth-first through a two-list queue.
data T = T Int (Maybe T) (Maybe T)

build :: Int -> Int -> Maybe T
build lo hi
  | lo > hi = Nothing
  | otherwise = Just (T mid (build lo (mid - 1)) (build (mid + 1) hi))
  where mid = (lo + hi) `div` 2

type Queue a = ([a], [a])

push :: a -> Queue a -> Queue a
push x (f, b) = (f, x : b)

pop :: Queue a -> Maybe (a, Queue a)
pop ([], []) = Nothing
pop ([], b) = pop (reverse b, [])
pop (x : f, b) = Just (x, (f, b))

bfs :: Queue T -> [(Int, Int)]
bfs q = case pop q of
  Nothing -> []
  Just (T v l r, q') -> (v, v * v `mod` 97) : bfs (more r (more l q'))
  where
    more Nothing qq = qq
    more (Just t) qq = push t qq

main :: IO ()
main = do
  let Just t = build 1 15000
      order = bfs ([t], [])
  print (length order)
  print (sum (map snd order))
  print (take 5 order)
  print (foldr (\(a, b) s -> a + b + s) 0 order)
