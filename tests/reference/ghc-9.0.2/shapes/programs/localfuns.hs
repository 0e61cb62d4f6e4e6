-- compound dictionaries of generalised local functions (no signature: `ins acc v =
-- S.insert (v, d) acc` is Ord a => ..): GHC builds them at each use, from the dictionary
import qualified Data.Set as S
import qualified Data.Map as M

f1 :: Int -> S.Set (Int, Int) -> S.Set (Int, Int)
f1 d s = foldl ins s [1, 2, 3]
  where ins acc v = S.insert (v, d) acc

f2 :: Int -> S.Set (Int, Int) -> S.Set (Int, Int)
f2 d s = let r = foldl ins s [1, 2, 3]
             ins acc v = S.insert (v, d) acc
         in r

f3 :: Int -> M.Map (Int, Int) Int -> Int
f3 d m = let (a, b) = (M.lookup (d, d) m, M.member (d, 1) m) in maybe 0 id a + fromEnum b

main :: IO ()
main = do
  print (S.size (foldr f1 S.empty [1 .. 200]))
  print (S.size (foldr f2 S.empty [1 .. 200]))
  print (sum (map (\d -> f3 d (M.fromList [((1, 1), 5)])) [1 .. 200]))
