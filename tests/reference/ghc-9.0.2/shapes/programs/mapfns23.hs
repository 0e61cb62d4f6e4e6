import qualified Data.Map as M
import Data.Monoid (Sum(..))

type Scores = M.Map Int Int

accum :: Scores -> (Int, M.Map Int String)
accum m = M.mapAccum (\acc v -> (acc + v, show v)) 0 m

accumKeys :: Scores -> (Int, Scores)
accumKeys m = M.mapAccumWithKey (\acc k v -> (acc + k, v - k)) 100 m

positive :: Scores -> Maybe Scores
positive m = M.traverseWithKey (\k v -> if v > 0 then Just (k + v) else Nothing) m

checked :: Scores -> Either Int Scores
checked m = M.traverseWithKey (\k v -> if v >= 0 then Right v else Left k) m

halve :: Scores -> IO Scores
halve m = M.traverseWithKey (\k v -> do { if k == 50 then print v else return (); return (v `div` 2) }) m

pairs :: Scores -> [Int]
pairs m = M.foldMapWithKey (\k v -> [k, v]) m

weighted :: Scores -> Int
weighted m = getSum (M.foldMapWithKey (\k v -> Sum (k * v)) m)

bump :: Int -> Scores -> Maybe Scores
bump k m = M.alterF (\mv -> Just (fmap (+ 1) mv)) k m

choices :: Int -> Scores -> [Scores]
choices k m = M.alterF (\_ -> [Nothing, Just 0]) k m

main :: IO ()
main = do
  let m = M.fromList [(k, k * k `mod` 97) | k <- [1 .. 300 :: Int]]
  print (fst (accum m), M.size (snd (accum m)))
  print (accumKeys (M.fromList [(1, 10), (2, 20)]))
  print (fmap M.size (positive m), fmap (M.foldr (+) 0) (positive (M.map (+ 1) m)))
  print (fmap M.size (checked m), checked (M.insert 400 (-1) m) == Left 400)
  h <- halve m
  print (M.foldr (+) 0 h)
  print (sum (pairs m), weighted m)
  print (fmap (M.! 7) (bump 7 m), fmap M.size (bump 1000 m))
  print (map M.size (choices 5 m), map M.size (choices 500 m))
