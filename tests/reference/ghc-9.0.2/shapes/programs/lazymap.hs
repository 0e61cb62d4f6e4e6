-- Counts kept lazily in a Data.Map by insertWith: thunk chains built, then forced.
import qualified Data.Map as M

events :: Int -> [Int]
events n = [(i * i + 3 * i) `mod` 50 | i <- [1 .. n]]

tally :: [Int] -> M.Map Int Int
tally = foldl (\m k -> M.insertWith (+) k 1 m) M.empty

main :: IO ()
main = do
  let m = tally (events 20000)
  print (M.size m)
  mapM_ (\(k, v) -> putStrLn (show k ++ " " ++ show v)) (M.toList m)
