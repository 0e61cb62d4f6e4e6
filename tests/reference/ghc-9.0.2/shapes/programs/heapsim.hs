data Heap a = Empty | Node Int a (Heap a) (Heap a)

rank :: Heap a -> Int
rank Empty = 0
rank (Node r _ _ _) = r

merge :: Ord a => Heap a -> Heap a -> Heap a
merge Empty h = h
merge h Empty = h
merge h1@(Node _ x l1 r1) h2@(Node _ y _ _)
  | x <= y = make x l1 (merge r1 h2)
  | otherwise = merge h2 h1
  where
    make v a b
      | rank a >= rank b = Node (rank b + 1) v a b
      | otherwise = Node (rank a + 1) v b a

insertH :: Ord a => a -> Heap a -> Heap a
insertH x = merge (Node 1 x Empty Empty)

popH :: Ord a => Heap a -> Maybe (a, Heap a)
popH Empty = Nothing
popH (Node _ x l r) = Just (x, merge l r)

fromListH :: Ord a => [a] -> Heap a
fromListH = foldr insertH Empty

drain :: Ord a => Heap a -> [a]
drain h = case popH h of
  Nothing -> []
  Just (x, h') -> x : drain h'

data Event = Arrive Int Int | Depart Int Int
  deriving (Show, Eq, Ord)

time :: Event -> Int
time (Arrive t _) = t
time (Depart t _) = t

data Stats = Stats { served :: Int, waiting :: Int, maxQueue :: Int, busyUntil :: Int }
  deriving Show

simulate :: Heap (Int, Event) -> Stats -> [Int] -> Stats
simulate h st queue = case popH h of
  Nothing -> st
  Just ((_, ev), h') -> case ev of
    Arrive t c
      | busyUntil st <= t ->
          let d = t + service c
          in simulate (insertH (d, Depart d c) h') st { busyUntil = d } queue
      | otherwise ->
          let q = queue ++ [c]
          in simulate h' st { maxQueue = max (maxQueue st) (length q) } q
    Depart t _ -> case queue of
      [] -> simulate h' st { served = served st + 1 } []
      (c:rest) ->
        let d = t + service c
        in simulate (insertH (d, Depart d c) h')
                    st { served = served st + 1, waiting = waiting st + t - arrival c
                       , busyUntil = d } rest

service :: Int -> Int
service c = 3 + (c * 7) `mod` 5

arrival :: Int -> Int
arrival c = c * 4 + (c * c) `mod` 3

main :: IO ()
main = do
  let xs = [ (i * 7919) `mod` 1000 | i <- [1 .. 2000] ] :: [Int]
      sorted = drain (fromListH xs)
  print (take 10 sorted)
  print (and (zipWith (<=) sorted (tail sorted)), length sorted)
  let events = fromListH [ (arrival c, Arrive (arrival c) c) | c <- [1 .. 1500] ]
      st = simulate events (Stats 0 0 0 0) []
  print st
  print (fmap fst (popH (fromListH "heapsort")))
  putStrLn (drain (fromListH "leftist heap simulation"))
