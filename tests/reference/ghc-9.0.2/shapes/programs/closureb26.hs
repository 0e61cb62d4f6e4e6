-- Records held by closures: a list of pricing functions, each capturing a record
-- built from a generated order, applied to every quantity later.
data Order = Order { oid :: Int, base :: Int, discount :: Int, tag :: String }

mkOrder :: Int -> Order
mkOrder i = Order i ((i * 29) `mod` 97 + 1) (i `mod` 7) ("ord-" ++ show i)

pricer :: Order -> Int -> Int
pricer o q = q * base o - discount o + length (tag o)

main :: IO ()
main = do
  let fs = map (pricer . mkOrder) [1 .. 4000]
  print (sum (map ($ 3) fs))
  print (sum (zipWith ($) fs [1 ..]))
  print (maximum (map ($ 10) fs))
