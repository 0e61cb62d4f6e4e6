import qualified Data.Map as Map
import Data.Maybe (fromMaybe)

data Account = Account { accId :: Int, owner :: String, balance :: Integer }
  deriving (Show, Eq)

data Tx = Deposit Int Integer | Withdraw Int Integer | Transfer Int Int Integer
  deriving Show

type Bank = Map.Map Int Account

apply :: Bank -> Tx -> Either String Bank
apply b (Deposit i amt) = case Map.lookup i b of
  Nothing -> Left ("no account " ++ show i)
  Just a -> Right (Map.insert i a { balance = balance a + amt } b)
apply b (Withdraw i amt) = case Map.lookup i b of
  Nothing -> Left ("no account " ++ show i)
  Just a
    | balance a < amt -> Left ("insufficient funds in " ++ show i)
    | otherwise -> Right (Map.insert i a { balance = balance a - amt } b)
apply b (Transfer from to amt) = apply b (Withdraw from amt) >>= \b' -> apply b' (Deposit to amt)

runAll :: Bank -> [Tx] -> (Bank, [String])
runAll b = foldl step (b, [])
  where step (bk, errs) tx = case apply bk tx of
          Left e -> (bk, e : errs)
          Right bk' -> (bk', errs)

main :: IO ()
main = do
  let accts = Map.fromList [(i, Account i ("user" ++ show i) 100) | i <- [1 .. 50]]
      txs = concat [[Deposit (i `mod` 50 + 1) (fromIntegral i), Withdraw ((i * 7) `mod` 53 + 1) 30,
                     Transfer (i `mod` 50 + 1) ((i * 3) `mod` 50 + 1) 25] | i <- [1 .. 600 :: Int]]
      (final, errs) = runAll accts txs
  print (length errs)
  mapM_ putStrLn (take 3 (reverse errs))
  print (sum (map balance (Map.elems final)))
  print (Map.lookup 7 final)
  print (fromMaybe 0 (fmap balance (Map.lookup 13 final)))
