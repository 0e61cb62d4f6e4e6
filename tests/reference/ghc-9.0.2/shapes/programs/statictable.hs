-- A top-level table of records with Double and String fields, and one of Ints: GHC -O0
-- floats the cells and literal boxes to static data; only the outermost cell is built
-- when the CAF is evaluated, and each String is a CAF that pushes the table's cost centre.
data Item = Item { name :: String, price :: Double, qty :: Int } deriving Show

stock :: [Item]
stock = [Item "apple" 0.5 10, Item "pear" 0.75 4, Item "fig" 2.0 0, Item "kiwi" 1.25 7]

nums :: [Int]
nums = [1, 2, 3, 400, 5000]

main :: IO ()
main = do
  print (sum (map (\i -> price i * fromIntegral (qty i)) stock))
  putStrLn (unwords (map name stock))
  print (sum nums, length stock)
