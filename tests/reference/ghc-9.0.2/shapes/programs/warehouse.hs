import qualified Data.Map.Strict as Map
import Data.List (foldl')

data Item = Item { itemName :: String, qty :: Int, price :: Int }
  deriving (Show, Eq)

data Op = Restock String Int | Sell String Int | AddItem String Int | Remove String
  deriving Show

type Stock = Map.Map String Item

applyOp :: Stock -> Op -> Either String Stock
applyOp st (AddItem n p)
  | Map.member n st = Left ("duplicate item " ++ n)
  | otherwise = Right (Map.insert n (Item n 0 p) st)
applyOp st (Restock n k) =
  case Map.lookup n st of
    Nothing -> Left ("no such item " ++ n)
    Just it -> Right (Map.insert n it { qty = qty it + k } st)
applyOp st (Sell n k) = do
  it <- maybe (Left ("cannot sell " ++ n)) Right (Map.lookup n st)
  if qty it < k
    then Left ("short of " ++ n ++ " by " ++ show (k - qty it))
    else Right (Map.adjust (\i -> i { qty = qty i - k }) n st)
applyOp st (Remove n)
  | Map.notMember n st = Left ("cannot remove " ++ n)
  | otherwise = Right (Map.delete n st)

step :: (Stock, [String], Int) -> Op -> (Stock, [String], Int)
step (st, errs, revenue) op =
  case applyOp st op of
    Left e -> (st, e : errs, revenue)
    Right st' -> (st', errs, revenue + earned op)
  where
    earned (Sell n k) = maybe 0 (\i -> price i * k) (Map.lookup n st)
    earned _ = 0

names :: [String]
names = ["bolt", "nut", "gear", "spring", "valve", "pipe", "hinge", "latch"]

ops :: Int -> [Op]
ops n = concatMap mk [1 .. n]
  where
    mk i =
      let nm = names !! (i `mod` length names)
          other = names !! ((i * 7) `mod` length names)
      in case i `mod` 5 of
           0 -> [Restock nm (i `mod` 13 + 1), Sell other (i `mod` 4 + 1)]
           1 -> [Sell nm (i `mod` 7 + 2)]
           2 -> [Restock other (i `mod` 9 + 3), Sell nm 1]
           3 -> if i `mod` 97 == 3 then [Remove nm, AddItem nm (i `mod` 50)] else [Sell other 2]
           _ -> [Restock nm 5]

initial :: Stock
initial = foldl' (\m (k, p) -> Map.insert k (Item k 10 p) m) Map.empty (zip names [3, 5 ..])

report :: Stock -> [String]
report st = [ itemName i ++ ": " ++ show (qty i) ++ " @ " ++ show (price i)
            | i <- Map.elems st ]

main :: IO ()
main = do
  let (final, errs, revenue) = foldl' step (initial, [], 0) (ops 3000)
  mapM_ putStrLn (report final)
  putStrLn ("revenue: " ++ show revenue)
  putStrLn ("errors: " ++ show (length errs))
  mapM_ putStrLn (take 5 (reverse errs))
  let value = Map.foldr (\i acc -> acc + qty i * price i) 0 final
  putStrLn ("stock value: " ++ show value)
  print (Map.lookup "gear" final)
