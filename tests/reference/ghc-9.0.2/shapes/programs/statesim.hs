-- A bank-queue simulation in the State monad (mtl): gets, modify', when, forM_.
import Control.Monad.State
import qualified Data.Map as Map

data Sim = Sim { clock :: Int, queue :: [Int], served :: Int, waits :: Map.Map Int Int, rng :: Int }

nextRand :: State Sim Int
nextRand = do
  r <- gets rng
  let r' = (r * 1103515245 + 12345) `mod` 2147483648
  modify' (\s -> s { rng = r' })
  return (r' `div` 65536)

arrive :: State Sim ()
arrive = do
  r <- nextRand
  when (r `mod` 3 == 0) $ do
    t <- gets clock
    modify' (\s -> s { queue = queue s ++ [t] })

serve :: State Sim ()
serve = do
  q <- gets queue
  case q of
    [] -> return ()
    (t:rest) -> do
      now <- gets clock
      modify' (\s -> s { queue = rest, served = served s + 1
                       , waits = Map.insertWith (+) (now - t) 1 (waits s) })

tick :: State Sim ()
tick = do
  arrive
  r <- nextRand
  unless (r `mod` 4 == 0) serve
  modify' (\s -> s { clock = clock s + 1 })

runSim :: Int -> State Sim (Int, Int)
runSim n = do
  forM_ [1 .. n] (const tick)
  s <- get
  return (served s, length (queue s))

main :: IO ()
main = do
  let start = Sim 0 [] 0 Map.empty 42
      ((srv, left), final) = runState (runSim 1500) start
  print (srv, left, clock final)
  print (Map.toList (waits final))
  print (evalState (replicateM 5 nextRand) start)
  print (execState (mapM_ (\_ -> arrive) [1 .. 10 :: Int]) start `seq` "done")
  let counts = evalState (mapM (\k -> do { r <- nextRand; return (r `mod` k) }) [2 .. 12]) start
  print counts
