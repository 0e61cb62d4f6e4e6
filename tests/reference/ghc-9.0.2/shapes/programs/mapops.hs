import qualified Data.Map as M
import qualified Data.Map.Strict as MS
import Data.List (foldl')

n :: Int
n = 1000

keysAsc :: [Int]
keysAsc = [1 .. n]

keysMixed :: [Int]
keysMixed = [ (i * 7919) `mod` 1009 | i <- [1 .. n] ]

pairsAsc :: [(Int, Int)]
pairsAsc = [ (k, k) | k <- keysAsc ]

pairsMixed :: [(Int, Int)]
pairsMixed = [ (k, k) | k <- keysMixed ]

main :: IO ()
main = do
  print (length pairsAsc, length pairsMixed, sum keysAsc, sum keysMixed)
  let asc = {-# SCC "fromAsc" #-} M.fromList pairsAsc
  print (M.size asc)
  let mixed = {-# SCC "fromMixed" #-} M.fromList pairsMixed
  print (M.size mixed)
  let ins = {-# SCC "insertFold" #-} foldl' (\m k -> M.insert k k m) M.empty keysMixed
  print (M.size ins)
  let iw = {-# SCC "insertWithHit" #-} foldl' (\m k -> M.insertWith (+) k 1 m) mixed keysMixed
  print (M.foldr (+) 0 iw)
  let iws = {-# SCC "insertWithStrict" #-} foldl' (\m k -> MS.insertWith (+) k 1 m) mixed keysMixed
  print (M.foldr (+) 0 iws)
  print ({-# SCC "lookups" #-} length [ () | k <- keysMixed, Just _ <- [M.lookup k asc] ])
  print ({-# SCC "members" #-} length (filter (`M.member` asc) keysMixed))
  let dels = {-# SCC "deletes" #-} foldl' (\m k -> M.delete k m) asc (take 500 keysMixed)
  print (M.size dels)
  print ({-# SCC "toList" #-} length (M.toList asc))
  print ({-# SCC "elems" #-} sum (M.elems mixed))
  print ({-# SCC "keys" #-} sum (M.keys mixed))
  print ({-# SCC "foldrSum" #-} M.foldr (+) 0 asc)
  print ({-# SCC "foldlWK" #-} M.foldlWithKey (\a k v -> a + k + v) 0 asc)
  let mp = {-# SCC "mapMap" #-} M.map (+ 1) asc
  print (M.foldr (+) 0 mp)
  let fl = {-# SCC "filterMap" #-} M.filter even asc
  print (M.size fl)
  let un = {-# SCC "unionMap" #-} M.union asc (M.fromList [ (k + 500, 0) | k <- keysAsc ])
  print (M.size un)
  let uw = {-# SCC "unionWith" #-} M.unionWith (+) asc mixed
  print (M.foldr (+) 0 uw)
  let al = {-# SCC "alters" #-} foldl' (\m k -> M.alter (fmap (* 2)) k m) asc (take 300 keysMixed)
  print (M.foldr (+) 0 al)
  let adj = {-# SCC "adjusts" #-} foldl' (\m k -> M.adjust (* 2) k m) asc (take 300 keysMixed)
  print (M.foldr (+) 0 adj)
  let fw = {-# SCC "fromListWith" #-} M.fromListWith (+) (zip (map (`mod` 50) keysMixed) keysAsc)
  print (M.toList fw == M.toList fw, M.size fw)
  print ({-# SCC "showMap" #-} length (show (M.fromList (take 20 pairsAsc))))
  print ({-# SCC "findWD" #-} sum [ M.findWithDefault 0 k asc | k <- keysMixed ])
