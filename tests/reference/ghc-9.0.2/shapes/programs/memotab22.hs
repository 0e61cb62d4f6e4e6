-- A memo table: a lazy list of the values of a recurrence, each defined by earlier ones,
-- indexed with !!; then a Data.Map memo for a second recurrence built by a fold.
import qualified Data.Map as Map

memo :: [Int]
memo = map f [0 ..]
  where
    f 0 = 1
    f i = (memo !! (i `div` 2) + memo !! (i `div` 3) + i) `mod` 1000003

collatzTable :: Int -> Map.Map Int Int
collatzTable n = foldl step Map.empty [1 .. n]
  where
    step m i = Map.insert i (len m i) m
    len m k
      | k == 1 = 1
      | otherwise = case Map.lookup k m of
          Just v -> v
          Nothing -> 1 + len m (if even k then k `div` 2 else 3 * k + 1)

main :: IO ()
main = do
  print (sum (take 2000 memo))
  let t = collatzTable 2500
  print (maximum (Map.elems t))
  print (Map.foldr (+) 0 t)
