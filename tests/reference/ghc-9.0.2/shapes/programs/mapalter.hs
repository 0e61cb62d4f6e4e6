-- Less-used Data.Map and Data.Set functions on a small index of votes.
import qualified Data.Map as Map
import qualified Data.Set as Set

type Votes = Map.Map String Int

vote :: String -> Votes -> Votes
vote c = Map.alter bump c
  where bump Nothing = Just 1
        bump (Just n) = Just (n + 1)

retract :: String -> Votes -> Votes
retract = Map.alter drop1
  where drop1 (Just n) | n > 1 = Just (n - 1)
        drop1 _ = Nothing

ballots :: [String]
ballots = [ ["ann", "bob", "cat", "dan", "eve"] !! ((k * k + 3 * k) `mod` 5) | k <- [1 .. 400 :: Int] ]

report :: Votes -> String
report = Map.foldrWithKey (\k v acc -> k ++ "=" ++ show v ++ (if null acc then "" else "," ++ acc)) ""

main :: IO ()
main = do
  let v1 = foldr vote Map.empty ballots
      v2 = foldr retract v1 (take 150 ballots)
  putStrLn (report v1)
  putStrLn (report v2)
  print (Map.toAscList (Map.unionWith (+) v1 v2))
  print (Map.findWithDefault 0 "zed" v1, Map.findWithDefault 0 "cat" v2)
  let byLen = foldr (\w -> Map.insertWith (++) (length w) [w]) Map.empty (words "a bb cc ddd e ffff gg hhh")
  print byLen
  let s = Set.fromList [ (k * 37) `mod` 100 | k <- [1 .. 300 :: Int] ]
      (small, large) = Set.partition (< 50) s
  print (Set.size small, Set.size large, Set.toList (Set.map (`div` 10) small))
  print (Set.member 37 s, Set.elems (Set.filter even large) == filter even (Set.toList large))
  let m = Map.fromListWith (+) [ (k `mod` 13, k) | k <- [1 .. 1000 :: Int] ]
  print (Map.foldr (+) 0 m, Map.keys (Map.filter (> 38500) m))
  print (Map.lookupMin m, Map.lookupMax m, fst <$> Map.lookupLE 5 m)
  let adjusted = Map.adjust (* 2) 3 (Map.delete 4 m)
  print (Map.elems adjusted)
  print (Map.toDescList (Map.mapWithKey (\k v -> k * 1000 + v `mod` 1000) (Map.filterWithKey (\k _ -> odd k) m)))
  print (Map.foldlWithKey (\a k v -> a + k * v) 0 m)
