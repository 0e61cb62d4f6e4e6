import qualified Data.Map as M
import Data.Traversable (for)

main :: IO ()
main = do
  let m = M.fromList [(k, k * 3) | k <- [1 .. 10 :: Int]]
  print (traverse (\v -> if v > 0 then Just (v + 1) else Nothing) m)
  print (mapM (\v -> if v < 20 then Right v else Left v) m)
  print (sequenceA (M.fromList [(1 :: Int, [1, 2]), (2, [3 :: Int])]))
  r <- for (M.fromList [(2 :: Int, "b"), (1, "a")]) (\s -> do { putStrLn s; return (length s) })
  print r
  m2 <- mapM (\v -> return (v * 2)) m
  print (M.elems m2)
  print (sequence (M.fromList [(1 :: Int, Just 'x'), (2, Nothing)]))
