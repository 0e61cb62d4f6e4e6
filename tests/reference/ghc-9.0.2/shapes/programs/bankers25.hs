-- A round-robin process scheduler: records, a queue as two lists, printf reports
import Text.Printf (printf)
import Data.List (sortBy, intercalate)
import Data.Ord (comparing)

data Proc = Proc { pid :: Int, pname :: String, burst :: Int, remaining :: Int, arrival :: Int }
  deriving (Show)

data Sched = Sched
  { clock :: Int
  , ready :: ([Proc], [Proc])
  , finished :: [(Proc, Int)]
  , trace :: [String]
  }

push :: Proc -> ([Proc], [Proc]) -> ([Proc], [Proc])
push p (f, b) = (f, p : b)

pop :: ([Proc], [Proc]) -> Maybe (Proc, ([Proc], [Proc]))
pop ([], []) = Nothing
pop ([], b) = pop (reverse b, [])
pop (p : f, b) = Just (p, (f, b))

roundRobin :: Int -> [Proc] -> Sched
roundRobin quantum procs = loop (Sched 0 ([], []) [] []) (sortBy (comparing arrival) procs)
  where
    loop s pending =
      let (arrived, later) = span ((<= clock s) . arrival) pending
          s' = s { ready = foldl (flip push) (ready s) arrived }
      in case pop (ready s') of
           Nothing
             | null later -> s'
             | otherwise -> loop s' { clock = arrival (head later) } later
           Just (p, rest) ->
             let run = min quantum (remaining p)
                 t = clock s' + run
                 p' = p { remaining = remaining p - run }
                 line = printf "t=%3d..%3d %-6s" (clock s') t (pname p)
                 (arrived2, later2) = span ((<= t) . arrival) later
                 q = foldl (flip push) rest arrived2
                 s'' = s' { clock = t, trace = line : trace s' }
             in if remaining p' == 0
                  then loop s'' { ready = q, finished = (p', t) : finished s'' } later2
                  else loop s'' { ready = push p' q } later2

report :: [(Proc, Int)] -> [String]
report done = [ printf "%-6s arrival %2d burst %2d finish %3d turnaround %3d wait %3d"
                  (pname p) (arrival p) (burst p) t (t - arrival p) (t - arrival p - burst p)
              | (p, t) <- sortBy (comparing (pid . fst)) done ]

mkProc :: Int -> (String, Int, Int) -> Proc
mkProc i (n, b, a) = Proc i n b b a

main :: IO ()
main = do
  let procs = zipWith mkProc [1 ..] [("init", 5, 0), ("shell", 12, 1), ("cron", 3, 2), ("web", 20, 4),
                                     ("db", 9, 6), ("log", 2, 30), ("backup", 15, 40)]
  let s = roundRobin 4 procs
  mapM_ putStrLn (reverse (trace s))
  mapM_ putStrLn (report (finished s))
  let waits = [t - arrival p - burst p | (p, t) <- finished s]
  printf "average wait %.2f over %d processes\n" (fromIntegral (sum waits) / fromIntegral (length waits) :: Double) (length waits)
  let s2 = roundRobin 10 procs
  putStrLn (intercalate ", " [pname p ++ "@" ++ show t | (p, t) <- reverse (finished s2)])
  print (clock s, clock s2, length (trace s), length (trace s2))
