-- A lazy Data.Map of thunks: insertWith (+) on Data.Map (lazy in its values) keeps a
-- chain of additions per key until the values are read at the end.
import qualified Data.Map as M

events :: Int -> [(Int, Int)]
events n = [((i * 31) `mod` 97, i `mod` 13) | i <- [1 .. n]]

tally :: [(Int, Int)] -> M.Map Int Int
tally = foldr (\(k, v) m -> M.insertWith (+) k v m) M.empty . reverse

main :: IO ()
main = do
  let m = tally (events 20000)
  print (M.size m)
  print (sum (M.elems m))
  print (M.foldrWithKey (\k v acc -> k * v + acc) 0 m `mod` 1000)
