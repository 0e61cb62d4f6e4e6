-- Validating records read from text with Maybe and Either chains.
import Text.Read (readMaybe)
import Data.Maybe (mapMaybe, catMaybes, fromMaybe, isJust)
import Data.Either (partitionEithers, either, lefts, rights)

data Item = Item { itemName :: String, qty :: Int, price :: Int } deriving Show

parseItem :: String -> Either String Item
parseItem line = case words line of
  [n, q, p] -> do
    q' <- maybe (Left ("bad qty in " ++ show line)) Right (readMaybe q)
    p' <- maybe (Left ("bad price in " ++ show line)) Right (readMaybe p)
    if q' < 0 then Left ("negative qty for " ++ n) else Right (Item n q' p')
  _ -> Left ("wrong field count: " ++ show line)

safeDiv :: Int -> Int -> Maybe Int
safeDiv _ 0 = Nothing
safeDiv a b = Just (a `div` b)

average :: [Int] -> Maybe Int
average xs = safeDiv (sum xs) (length xs)

lookupAll :: [String] -> [(String, Int)] -> Maybe [Int]
lookupAll ks table = mapM (`lookup` table) ks

inputs :: [String]
inputs = [ "apple 3 10", "pear x 4", "plum 7 2", "fig 2", "kiwi -1 5"
         , "melon 1 30", "grape 12 1", "lime 4 y" ]

main :: IO ()
main = do
  let results = map parseItem inputs
      (errs, items) = partitionEithers results
  mapM_ putStrLn errs
  mapM_ print items
  print (length (lefts results), length (rights results))
  print (map (either length qty) results)
  let table = [ (itemName i, qty i * price i) | i <- items ]
  print (lookupAll ["apple", "plum"] table)
  print (lookupAll ["apple", "pear"] table)
  print (traverse (\i -> if price i > 0 then Just (price i) else Nothing) items)
  print (sequence [Just 1, Nothing, Just (3 :: Int)])
  print (average [], average (map qty items))
  let nums = map show [1 .. 3000 :: Int] ++ ["x", "", "12a"]
      parsed = map readMaybe nums :: [Maybe Int]
  print (sum (catMaybes parsed), length (filter isJust parsed))
  print (sum (mapMaybe (\k -> safeDiv 1000000 (k `mod` 7)) [1 .. 3000]))
  print (fromMaybe 0 (lookup "lime" table), fromMaybe (-1) (average (map price items)))
  let total = foldr (\r acc -> either (const acc) ((+ acc) . qty) r) 0 results
  print total
