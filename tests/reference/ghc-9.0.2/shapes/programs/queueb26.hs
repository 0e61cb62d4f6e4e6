-- A two-list queue of jobs: jobs are queued faster than they are served for a while,
-- so the queue (and the jobs' records) grows, then drains.
data Job = Job { jid :: Int, work :: Int }

data Queue = Queue [Job] [Job]

push :: Job -> Queue -> Queue
push j (Queue f b) = Queue f (j : b)

pop :: Queue -> Maybe (Job, Queue)
pop (Queue [] []) = Nothing
pop (Queue [] b) = pop (Queue (reverse b) [])
pop (Queue (j : f) b) = Just (j, Queue f b)

run :: Int -> Int -> Queue -> Int
run t done q
  | t > 12000 = case pop q of
      Nothing -> done
      Just (j, q') -> run (t + 1) (done + work j) q'
  | t `mod` 3 == 0 = case pop q of
      Nothing -> run (t + 1) done (push (Job t (t `mod` 11)) q)
      Just (j, q') -> run (t + 1) (done + work j) q'
  | otherwise = run (t + 1) done (push (Job t (t `mod` 11)) q)

main :: IO ()
main = print (run 0 0 (Queue [] []))
