import qualified Data.Map as M
import Data.Monoid (Sum(..))

main :: IO ()
main = do
  let m = M.fromList [(k, k * k) | k <- [1 .. 20 :: Int]]
  print (M.mapAccum (\acc v -> (acc + v, show v)) 0 m)
  print (M.mapAccumWithKey (\acc k v -> (acc + k, v - k)) 100 (M.fromList [(1 :: Int, 10 :: Int), (2, 20)]))
  print (M.traverseWithKey (\k v -> if v > 0 then Just (k + v) else Nothing) m)
  print (M.traverseWithKey (\k v -> if k > 5 then Right v else Left k) m)
  r <- M.traverseWithKey (\k v -> do { print (k, v); return (v `div` 2) }) (M.fromList [(3 :: Int, 9 :: Int), (1, 4)])
  print r
  print (M.foldMapWithKey (\k v -> [k, v]) (M.fromList [(2 :: Int, 5 :: Int), (1, 7)]))
  print (getSum (M.foldMapWithKey (\k v -> Sum (k * v)) m))
  print (M.foldMapWithKey (\k _ -> show k) m)
  print (M.alterF (\mv -> Just (fmap (+ 1) mv)) 3 m)
  print (M.alterF (\mv -> [Nothing, Just 'y']) 25 (M.fromList [(25 :: Int, 'x')]) )
  print (M.alterF (\mv -> if mv == Nothing then Nothing else Just Nothing) (4 :: Int) m)
  m2 <- M.alterF (\mv -> do { print mv; return (Just 42) }) 99 (M.fromList [(1 :: Int, 1 :: Int)])
  print m2
