-- A State leak: a counter record in Control.Monad.State updated by the lazy modify,
-- its fields chains of thunks until the final state is shown; then modify'.
import Control.Monad.State

data Stats = Stats { hits :: Int, misses :: Int }

visit :: Int -> State Stats ()
visit i = modify (\s -> if i `mod` 3 == 0 then s { hits = hits s + 1 }
                                         else s { misses = misses s + 1 })

visit' :: Int -> State Stats ()
visit' i = modify' (\(Stats h m) -> if i `mod` 3 == 0 then Stats (h + 1) m else Stats h (m + 1))

main :: IO ()
main = do
  let Stats h m = execState (mapM_ visit [1 .. 10000]) (Stats 0 0)
  print (h, m)
  let Stats h' m' = execState (mapM_ visit' [1 .. 10000]) (Stats 0 0)
  print (h' + m')
