-- A Data.Map built from generated records, consumed by a fold over its entries, then
-- dropped while a second, smaller Map is built from the first's keys.
import qualified Data.Map as M

data Item = Item { code :: Int, label :: String, price :: Int }

items :: Int -> [Item]
items n = [Item k ("item" ++ show k) ((k * 17) `mod` 89) | i <- [1 .. n],
           let k = (i * 7919) `mod` 5003]

catalogue :: [Item] -> M.Map Int Item
catalogue = M.fromList . map (\it -> (code it, it))

main :: IO ()
main = do
  let cat = catalogue (items 6000)
  print (M.size cat)
  print (M.foldr (\it acc -> price it + acc) 0 cat)
  print (length (concatMap label (M.elems cat)))
  let evens = M.fromList [(k, ()) | k <- M.keys cat, even k]
  print (M.size evens)
