-- a small ecosystem simulation: rabbits and foxes with a deterministic random stream
data World = World
  { day     :: Int
  , rabbits :: Int
  , foxes   :: Int
  , seed    :: Int
  } deriving Show

data Event = Boom | Bust | Quiet deriving (Show, Eq, Ord)

nextRand :: Int -> Int
nextRand s = (s * 75 + 74) `mod` 65537

classify :: Int -> Event
classify r
  | r < 5000 = Boom
  | r > 60000 = Bust
  | otherwise = Quiet

tick :: World -> (World, Event)
tick w = (w { day = day w + 1, rabbits = r', foxes = f', seed = s' }, ev)
  where
    s' = nextRand (seed w)
    ev = classify s'
    born = rabbits w `div` 4 + (if ev == Boom then 20 else 0)
    eaten = min (rabbits w) (foxes w * 2)
    r' = max 0 (rabbits w + born - eaten - (if ev == Bust then rabbits w `div` 3 else 0))
    f' = max 1 (foxes w + (if eaten > foxes w then 1 else -1))

simulate :: Int -> World -> ([World], [Event])
simulate 0 w = ([w], [])
simulate n w = (w : ws, e : es)
  where
    (w', e) = tick w
    (ws, es) = simulate (n - 1) w'

summary :: [Event] -> [(Event, Int)]
summary es = [(e, count e) | e <- [Boom, Bust, Quiet]]
  where count e = length (filter (== e) es)

peak :: [World] -> World
peak = foldr1 (\a b -> if rabbits a >= rabbits b then a else b)

main :: IO ()
main = do
  let (ws, es) = simulate 500 (World 0 40 5 1234)
  mapM_ print (take 3 ws)
  print (last ws)
  print (summary es)
  let p = peak ws
  putStrLn ("peak on day " ++ show (day p) ++ " with " ++ show (rabbits p) ++ " rabbits")
  print (sum (map foxes ws) `div` length ws)
  print (takeWhile ((< 10) . fst) (map (\w -> (day w, rabbits w - foxes w)) ws))
