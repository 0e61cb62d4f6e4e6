import qualified Data.Map.Strict as M
import qualified Data.Set as S

inventory :: M.Map String Int
inventory = M.fromList [("apple", 5), ("banana", 0), ("cherry", 12), ("date", 3), ("elder", 7)]

restock :: M.Map String Int -> M.Map String Int
restock m = M.mergeWithKey (\_ a b -> Just (a + b)) id (M.map (* 2)) m (M.fromList [("banana", 4), ("fig", 1)])

split3 :: Int -> (S.Set Int, Bool, S.Set Int)
split3 k = S.splitMember k (S.fromList [1, 3 .. 19])

grid :: S.Set (Int, Char)
grid = S.cartesianProduct (S.fromList [1, 2, 3]) (S.fromList "ab")

subsetsOf :: Int -> Int
subsetsOf n = S.size (S.filter ((== 2) . S.size) (S.powerSet (S.fromList [1 .. n])))

parity :: M.Map Int Int -> (M.Map Int Int, M.Map Int String)
parity = M.mapEither (\v -> if even v then Left v else Right (show v))

main :: IO ()
main = do
  print (restock inventory)
  print (split3 7, split3 8)
  print (S.toList grid, S.size grid)
  print (subsetsOf 6, S.powerSet (S.fromList "abc"))
  print (parity (M.fromList (zip [1 ..] [10, 15, 20, 25])))
  print (M.spanAntitone (< "c") inventory, M.takeWhileAntitone (< "d") inventory)
  print (S.spanAntitone (< 10) (S.fromList [1, 5 .. 30]), S.dropWhileAntitone (< 10) (S.fromList [2, 4 .. 14]))
  print (M.fromSet length (S.fromList ["x", "yy", "zzz"]), M.compose inventory (M.fromList [(1, "apple"), (2, "fig")]))
  print (M.insertLookupWithKey (\_ n o -> n + o) "apple" 10 inventory)
  print (M.updateLookupWithKey (\_ v -> if v > 4 then Just (v - 4) else Nothing) "date" inventory)
  print (M.differenceWithKey (\_ a b -> if a > b then Just (a - b) else Nothing) inventory (M.fromList [("apple", 2), ("cherry", 20)]))
  print (M.disjoint inventory (M.fromList [("zebra", 1)]), S.disjoint (S.fromList [1, 2]) (S.fromList [2, 3 :: Int]))
  print (M.mapAccumRWithKey (\acc k v -> (acc ++ k, v + length acc)) "" inventory)
  print (M.updateMinWithKey (\_ v -> Just (v * 100)) inventory, M.updateAt (\_ _ -> Nothing) 1 inventory)
  print (map M.size (M.splitRoot inventory), S.disjointUnion (S.fromList "ab") (S.fromList [1, 2 :: Int]))
  print (M.isSubmapOfBy (<=) (M.fromList [("apple", 3)]) inventory, M.isProperSubmapOfBy (==) inventory inventory)
  print (M.fromDescListWith (+) [(3, 1), (3, 2), (1, 5 :: Int)], S.fromDistinctDescList [9, 4, 1 :: Int])
