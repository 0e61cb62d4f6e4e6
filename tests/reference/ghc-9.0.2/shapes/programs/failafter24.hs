-- Prints, then an error call in pure code caught by nothing (exit 1, GHC's message)
import qualified Data.Map as M

data Item = Item { sku :: String, qty :: Int } deriving Show

stock :: M.Map String Int
stock = M.fromList [("apple", 5), ("pear", 2), ("plum", 0)]

reserve :: Item -> Int
reserve (Item s q) = case M.lookup s stock of
  Nothing -> error ("unknown item: " ++ s)
  Just have
    | have >= q -> have - q
    | otherwise -> shortage have
  where shortage h = error ("not enough " ++ s ++ ": have " ++ show h ++ ", want " ++ show q)

main :: IO ()
main = do
  let orders = [Item "apple" 2, Item "pear" 1, Item "apple" 5, Item "kiwi" 1]
  mapM_ (print . sku) orders
  print (sum [n | n <- [1 .. 100 :: Int], odd n])
  mapM_ (\o -> putStrLn (sku o ++ " left " ++ show (reserve o))) orders
  putStrLn "done"
