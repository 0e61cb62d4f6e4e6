import qualified Data.List as L
import Data.Maybe (fromMaybe)

data Category = Food | Tools | Books deriving (Show, Eq, Ord, Enum, Bounded)

data Item = Item { sku :: Int, title :: String, cat :: Category, price :: Int } deriving (Show, Eq)

data Order = Order { orderId :: Int, lines' :: [(Int, Int)] } deriving Show

data Problem = UnknownSku Int | OutOfStock Int Int | EmptyOrder Int deriving (Show, Eq)

catalogue :: [Item]
catalogue = [ Item s (t ++ show s) c p | (s, t, c, p) <- raw ]
  where raw = zip4 [100 ..] (cycle ["apple", "saw", "novel", "bread", "drill"]) (cycle [minBound .. maxBound]) [120, 4500, 1299, 250, 8999, 75, 1999, 600]
        zip4 (a:as) (b:bs) (c:cs) (d:ds) = (a, b, c, d) : zip4 as bs cs ds
        zip4 _ _ _ _ = []

stock :: Int -> Int
stock s = (s * 7) `mod` 11

findItem :: Int -> Either Problem Item
findItem s = maybe (Left (UnknownSku s)) Right (L.find ((== s) . sku) catalogue)

checkLine :: (Int, Int) -> Either Problem (Item, Int)
checkLine (s, q) = do
  it <- findItem s
  if q > stock s then Left (OutOfStock s q) else return (it, q)

priceOrder :: Order -> Either Problem Int
priceOrder (Order oid []) = Left (EmptyOrder oid)
priceOrder (Order _ ls) = do
  checked <- mapM checkLine ls
  let subtotal = sum [price it * q | (it, q) <- checked]
  return (subtotal - discount subtotal)
  where discount t | t > 20000 = t `div` 10
                   | otherwise = 0

orders :: [Order]
orders = [Order i [(100 + (i * j) `mod` 9, 1 + j `mod` 3) | j <- [1 .. i `mod` 4]] | i <- [1 .. 24]]

formatCents :: Int -> String
formatCents c = show (c `div` 100) ++ "." ++ pad (show (c `mod` 100))
  where pad s = if length s < 2 then '0' : s else s

summary :: [Either Problem Int] -> (Int, Int, [Problem])
summary = foldr step (0, 0, [])
  where step (Right v) (n, t, ps) = (n + 1, t + v, ps)
        step (Left p) (n, t, ps) = (n, t, p : ps)

main :: IO ()
main = do
  mapM_ print (take 3 catalogue)
  let results = map priceOrder orders
  mapM_ (\(o, r) -> putStrLn (show (orderId o) ++ ": " ++ either show formatCents r)) (zip orders results)
  let (n, total, problems) = summary results
  putStrLn (show n ++ " orders, " ++ formatCents total)
  print (L.nub problems)
  print [ (c, length [i | i <- catalogue, cat i == c]) | c <- [minBound .. maxBound :: Category] ]
  print (fromMaybe 0 (lookup Tools [(cat i, price i) | i <- catalogue]))
  print (L.sortOn negate (map price catalogue))
  print (L.partition (\i -> price i > 1000) catalogue == (filter ((> 1000) . price) catalogue, filter ((<= 1000) . price) catalogue))
