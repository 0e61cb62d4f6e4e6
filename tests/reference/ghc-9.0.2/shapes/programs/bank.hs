data Account = Account { accId :: Int, owner :: String, balance :: Int }
  deriving Show

data Txn = Deposit Int Int | Withdraw Int Int | Transfer Int Int Int
  deriving (Show, Eq)

data TxnError = NoAccount Int | Insufficient Int Int
  deriving Show

applyTxn :: [Account] -> Txn -> Either TxnError [Account]
applyTxn accts (Deposit a n) = adjust a n accts
applyTxn accts (Withdraw a n) = do
  acc <- find' a accts
  if balance acc < n then Left (Insufficient a (balance acc)) else adjust a (negate n) accts
applyTxn accts (Transfer from to n) = do
  accts' <- applyTxn accts (Withdraw from n)
  applyTxn accts' (Deposit to n)

find' :: Int -> [Account] -> Either TxnError Account
find' a accts = case filter ((== a) . accId) accts of
  (x:_) -> Right x
  [] -> Left (NoAccount a)

adjust :: Int -> Int -> [Account] -> Either TxnError [Account]
adjust a n accts = do
  _ <- find' a accts
  return [if accId x == a then x { balance = balance x + n } else x | x <- accts]

runAll :: [Account] -> [Txn] -> ([Account], [String])
runAll accts = foldl step (accts, [])
  where
    step (as, errs) t = case applyTxn as t of
      Left e -> (as, errs ++ [show t ++ ": " ++ show e])
      Right as' -> (as', errs)

interest :: Int -> Account -> Account
interest pct acc = acc { balance = balance acc + balance acc * pct `div` 100 }

genTxns :: Int -> [Txn]
genTxns n = [mk i | i <- [1 .. n]]
  where
    mk i
      | i `mod` 7 == 0 = Transfer (i `mod` 3 + 1) (i `mod` 4 + 1) (i * 3)
      | even i = Deposit (i `mod` 4 + 1) (i * 2)
      | otherwise = Withdraw (i `mod` 5 + 1) i

main :: IO ()
main = do
  let start = [Account 1 "ann" 100, Account 2 "bob" 50, Account 3 "cy" 0, Account 4 "dee" 500]
      (final, errs) = runAll start (genTxns 300)
  mapM_ print final
  print (length errs)
  mapM_ putStrLn (take 5 errs)
  print (map (balance . interest 5) final)
  print (sum (map balance final))
  print (either show (show . length) (applyTxn start (Transfer 1 9 10)))
