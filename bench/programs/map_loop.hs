-- Data.Map-heavy loop: word-frequency style inserts, lookups and a fold.
import qualified Data.Map as M

step :: M.Map Int Int -> Int -> M.Map Int Int
step m i = M.insertWith (+) ((i * 7919) `mod` 1024) i m

lookups :: M.Map Int Int -> Int -> Int
lookups m n = go 0 0
  where go i acc | i >= n = acc
                 | otherwise = case M.lookup (i `mod` 2048) m of
                                 Just v -> go (i + 1) (acc + v `mod` 13)
                                 Nothing -> go (i + 1) acc

main :: IO ()
main = do
  let m = foldl step M.empty [1 .. 30000]
  print (M.size m)
  print (M.foldr (+) 0 m `mod` 1000007)
  print (lookups m 40000)
