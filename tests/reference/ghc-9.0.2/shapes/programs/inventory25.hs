-- A warehouse: Data.Map alter/adjust/unionWith/foldrWithKey, orders in Maybe, a Priced class
import qualified Data.Map as Map
import Data.Map (Map)
import Text.Printf (printf)
import Data.List (foldl', sortOn)
import Control.Monad (forM_, foldM)

class Priced a where
  price :: a -> Int
  label :: a -> String
  priceTag :: a -> String
  priceTag x = label x ++ " @ " ++ showCents (price x)

showCents :: Int -> String
showCents c = show (c `div` 100) ++ "." ++ pad (c `mod` 100)
  where pad n = if n < 10 then '0' : show n else show n

data Item = Item { sku :: String, itemName :: String, cents :: Int } deriving (Show, Eq)

instance Priced Item where
  price = cents
  label = itemName

data Order = Order { orderId :: Int, lines_ :: [(String, Int)] }

instance Priced Order where
  price _ = 0
  label o = "order #" ++ show (orderId o)
  priceTag o = label o ++ " (" ++ show (length (lines_ o)) ++ " lines)"

catalogue :: Map String Item
catalogue = Map.fromList [(sku i, i) | i <- items]
  where items = [ Item "A1" "bolt" 25, Item "A2" "nut" 10, Item "B1" "hinge" 450
                , Item "B2" "bracket" 799, Item "C1" "panel" 2599, Item "C2" "frame" 4999 ]

type Stock = Map String Int

restock :: [(String, Int)] -> Stock -> Stock
restock deliveries st = Map.unionWith (+) st (Map.fromListWith (+) deliveries)

fulfil :: Stock -> Order -> Maybe (Stock, Int)
fulfil st (Order _ ls) = foldM take1 (st, 0) ls
  where
    take1 (s, total) (k, q) = do
      item <- Map.lookup k catalogue
      have <- Map.lookup k s
      if have < q then Nothing else
        Just (Map.alter (dec q) k s, total + q * price item)
    dec q (Just n) | n == q = Nothing
                   | otherwise = Just (n - q)
    dec _ Nothing = Nothing

process :: Stock -> [Order] -> (Stock, [String])
process st0 = foldl' step (st0, [])
  where step (st, out) o = case fulfil st o of
          Nothing -> (st, out ++ [priceTag o ++ ": rejected"])
          Just (st', amount) -> (st', out ++ [priceTag o ++ ": " ++ showCents amount])

valueOf :: Stock -> Int
valueOf = Map.foldrWithKey (\k q acc -> acc + q * maybe 0 price (Map.lookup k catalogue)) 0

main :: IO ()
main = do
  forM_ (Map.elems catalogue) (putStrLn . priceTag)
  let stock0 = restock [("A1", 500), ("A2", 800), ("B1", 40), ("B2", 12), ("C1", 3), ("A1", 250)] Map.empty
      orders = [ Order i [(k, q) | (k, q) <- zip (cycle ["A1", "A2", "B1", "B2", "C1", "C2"]) [i `mod` 7 + 1, i * 13 `mod` 40, i `mod` 3]
                                , q > 0]
               | i <- [1 .. 24] ]
      (stock1, results) = process stock0 orders
  mapM_ putStrLn results
  forM_ (Map.toList stock1) $ \(k, q) -> printf "%-3s %5d\n" k q
  printf "stock value before %s after %s\n" (showCents (valueOf stock0)) (showCents (valueOf stock1))
  let low = Map.keys (Map.filter (< 20) stock1)
      stock2 = foldr (Map.adjust (+ 100)) stock1 low
  print (low, Map.toList stock2)
  print (map (\(k, q) -> (k, q * 2)) (take 3 (sortOn (negate . snd) (Map.toList stock2))))
