import qualified Data.Map.Strict as Map
import Data.Map (Map)
import qualified Data.Set as Set
import Data.Set (Set, member)

inventory :: Map String Int
inventory = Map.fromList [("apple", 3), ("pear", 0), ("fig", 12), ("kiwi", 7)]

primesBelow :: Int -> Set Int
primesBelow n = Set.fromList [p | p <- [2 .. n], all (\d -> p `mod` d /= 0) [2 .. p - 1]]

main :: IO ()
main = do
  print (sum inventory, length inventory, maximum inventory, null inventory)
  print (fmap (* 2) inventory)
  print (elem 7 inventory, foldr (:) [] inventory)
  mapM_ print (Map.toList (Map.filter (> 0) inventory))
  let ps = primesBelow 50
  print ps
  print (sum ps, length ps, 7 `member` ps, Set.member 8 ps)
  print (Set.toList (Set.map (`div` 10) ps))
  print (Map.keysSet inventory)
  print (inventory <> Map.fromList [("apple", 99), ("date", 1)])
  print (Map.foldrWithKey (\k v acc -> length k * v + acc) 0 inventory)
  print (Map.lookupMin inventory, Map.lookupMax inventory)
  print (Map.elems (Map.mapWithKey (\k v -> k ++ show v) inventory))
  print (Map.unionWith (+) inventory inventory Map.! "fig")
  print (Set.union ps (Set.fromList [100, 1]) Set.\\ Set.fromList [2, 3])
  print (Map.alter (fmap (+ 1)) "kiwi" inventory, Map.alter (const (Just 5)) "lime" inventory)
  print (Map.findWithDefault 0 "plum" inventory, Map.notMember "plum" inventory)
  print (Map.insertWith (++) 3 "x" (Map.fromList [(3 :: Int, "y")]))
  print (Map.fromListWith (flip (++)) [(even x, [x]) | x <- [1 .. 10 :: Int]])
  print (fst <$> Map.minViewWithKey inventory)
  print (Map.partition even inventory)
  print (Map.mapMaybe (\v -> if v > 5 then Just (v * 10) else Nothing) inventory)
  print (Map.toDescList inventory)
  print (Map.lookupLT "banana" inventory, Map.lookupGE "grape" inventory)
  print (Map.split "grape" inventory)
  print (inventory == Map.fromList (Map.toList inventory), compare ps (Set.fromList [2]))
  print (Map.empty :: Map Int Int, Set.empty :: Set Char)
  print (Map.foldl' (+) 0 inventory, Map.foldr' (+) 0 inventory, Set.foldr (+) 0 ps)
