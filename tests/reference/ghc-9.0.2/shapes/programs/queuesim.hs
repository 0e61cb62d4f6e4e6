-- A bank-counter simulation: customers wait in a queue made of two lists; each step
-- some arrive and one is served. The queue grows, then drains.
data Customer = Customer { ident :: Int, arrival :: Int, work :: Int }

data Queue a = Queue [a] [a]

emptyQ :: Queue a
emptyQ = Queue [] []

push :: a -> Queue a -> Queue a
push x (Queue f b) = Queue f (x : b)

pop :: Queue a -> Maybe (a, Queue a)
pop (Queue [] []) = Nothing
pop (Queue [] b) = pop (Queue (reverse b) [])
pop (Queue (x : f) b) = Just (x, Queue f b)

sizeQ :: Queue a -> Int
sizeQ (Queue f b) = length f + length b

arrivals :: Int -> Int
arrivals t
  | t < 3000 = if t `mod` 3 == 0 then 2 else 1
  | otherwise = 0

step :: (Int, Int, Queue Customer, Int) -> (Int, Int, Queue Customer, Int)
step (t, next, q, waited) =
  let k = arrivals t
      new = [Customer (next + i) t ((next + i) `mod` 5 + 1) | i <- [0 .. k - 1]]
      q1 = foldl (flip push) q new
  in case pop q1 of
       Nothing -> (t + 1, next + k, q1, waited)
       Just (c, q2) -> let w = waited + (t - arrival c) + work c
                       in w `seq` (t + 1, next + k, q2, w)

run :: Int -> (Int, Int, Queue Customer, Int) -> (Int, Int, Queue Customer, Int)
run 0 s = s
run n s = let s' = step s
              (_, _, q', _) = s'
          in sizeQ q' `seq` run (n - 1) s'

main :: IO ()
main = do
  let (t, served, q, waited) = run 7000 (0, 0, emptyQ, 0)
  print t
  print served
  print (sizeQ q)
  print waited
