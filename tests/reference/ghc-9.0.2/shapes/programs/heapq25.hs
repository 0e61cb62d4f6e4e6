-- A leftist-heap priority queue behind a class, used for an event simulation and k-way merge
import Data.List (foldl', unfoldr)
import qualified Data.Map as M

class PQueue q where
  emptyQ :: q a
  insertQ :: Ord a => a -> q a -> q a
  popQ :: Ord a => q a -> Maybe (a, q a)
  fromListQ :: Ord a => [a] -> q a
  fromListQ = foldr insertQ emptyQ

data Leftist a = Leaf | Node Int a (Leftist a) (Leftist a)

rank :: Leftist a -> Int
rank Leaf = 0
rank (Node r _ _ _) = r

merge :: Ord a => Leftist a -> Leftist a -> Leftist a
merge Leaf h = h
merge h Leaf = h
merge h1@(Node _ x l1 r1) h2@(Node _ y _ _)
  | x <= y = make x l1 (merge r1 h2)
  | otherwise = merge h2 h1
  where make v a b
          | rank a >= rank b = Node (rank b + 1) v a b
          | otherwise = Node (rank a + 1) v b a

instance PQueue Leftist where
  emptyQ = Leaf
  insertQ x = merge (Node 1 x Leaf Leaf)
  popQ Leaf = Nothing
  popQ (Node _ x l r) = Just (x, merge l r)


drain :: Ord a => Leftist a -> [a]
drain = unfoldr popQ

data Event = Event { time :: Int, kind :: String, who :: Int } deriving (Show, Eq)

instance Ord Event where
  compare a b = compare (time a, who a) (time b, who b)

simulate :: Int -> Leftist Event -> M.Map String Int -> [String] -> (M.Map String Int, [String])
simulate limit q counts logs = case popQ q of
  Nothing -> (counts, reverse logs)
  Just (e, q')
    | time e > limit -> (counts, reverse logs)
    | otherwise ->
        let counts' = M.insertWith (+) (kind e) 1 counts
            next = follow e
            q'' = foldl' (flip insertQ) q' next
            line = show (time e) ++ ": " ++ kind e ++ " #" ++ show (who e)
        in simulate limit q'' counts' (if who e `mod` 5 == 0 then line : logs else logs)

follow :: Event -> [Event]
follow (Event t k w) = case k of
  "arrive" -> [Event (t + 3 + w `mod` 4) "serve" w]
  "serve" -> [Event (t + 2 + w `mod` 3) "leave" w]
  _ -> [Event (t + 7) "arrive" (w + 10) | w < 60]

kMerge :: [[Int]] -> [Int]
kMerge lists = go (fromListQ [(x, i, rest) | (i, x : rest) <- zip [0 :: Int ..] lists])
  where
    go :: Leftist (Int, Int, [Int]) -> [Int]
    go h = case popQ h of
      Nothing -> []
      Just ((x, i, rest), h') -> x : go (case rest of
                                           [] -> h'
                                           (y : ys) -> insertQ (y, i, ys) h')

main :: IO ()
main = do
  let xs = [(i * 7919) `mod` 1009 | i <- [1 .. 600 :: Int]]
  print (take 12 (drain (fromListQ xs)))
  print (sum (drain (fromListQ xs)), length (drain (fromListQ (map show xs))))
  let start = fromListQ [Event (w * 2) "arrive" w | w <- [1 .. 10]]
      (counts, logs) = simulate 200 start M.empty []
  print (M.toList counts)
  mapM_ putStrLn (take 8 logs)
  print (length logs)
  let ls = [[k, k + 3 .. 150] | k <- [1 .. 6]]
  print (take 20 (kMerge ls), length (kMerge ls))
