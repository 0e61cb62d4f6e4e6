-- a bank: accounts in a Data.Map, records with record update, transactions folded with foldl'
import qualified Data.Map as M
import Data.List (foldl', sortBy)
import Data.Ord (comparing)

data Account = Account
  { accId :: Int
  , holder :: String
  , balance :: Int
  , frozen :: Bool
  , log' :: [String]
  } deriving (Show, Eq)

data Tx = Deposit Int Int | Withdraw Int Int | Transfer Int Int Int | Freeze Int | Open Int String
  deriving Show

type Bank = M.Map Int Account

data Result = Result { bank :: Bank, errors :: [String] }

apply :: Result -> Tx -> Result
apply r tx = case step (bank r) tx of
  Left err -> r { errors = err : errors r }
  Right b -> r { bank = b }

step :: Bank -> Tx -> Either String Bank
step b (Open i name)
  | M.member i b = Left ("account " ++ show i ++ " exists")
  | otherwise = Right (M.insert i (Account i name 0 False []) b)
step b (Deposit i n) = do
  a <- find i b
  check (n > 0) ("bad amount " ++ show n)
  return (M.insert i a { balance = balance a + n, log' = ("+" ++ show n) : log' a } b)
step b (Withdraw i n) = do
  a <- find i b
  check (not (frozen a)) (holder a ++ " is frozen")
  check (balance a >= n) (holder a ++ " lacks " ++ show (n - balance a))
  return (M.adjust (\x -> x { balance = balance x - n, log' = ("-" ++ show n) : log' x }) i b)
step b (Transfer from to n) = step b (Withdraw from n) >>= \b' -> step b' (Deposit to n)
step b (Freeze i) = fmap (\a -> M.insert i a { frozen = True } b) (find i b)

find :: Int -> Bank -> Either String Account
find i b = maybe (Left ("no account " ++ show i)) Right (M.lookup i b)

check :: Bool -> String -> Either String ()
check True _ = Right ()
check False msg = Left msg

interest :: Int -> Account -> Account
interest pct a
  | frozen a = a
  | balance a > 1000 = a { balance = balance a + balance a * pct `div` 100 }
  | otherwise = a

main :: IO ()
main = do
  let txs = [Open 1 "alice", Open 2 "bob", Open 3 "carol", Deposit 1 500, Deposit 2 1500,
             Withdraw 1 200, Transfer 2 3 700, Withdraw 3 1000, Freeze 2, Withdraw 2 10,
             Open 1 "mallory", Deposit 4 10, Deposit 1 (-5), Transfer 1 3 300]
             ++ concat [[Deposit (1 + k `mod` 3) (k * 7), Withdraw (1 + k `mod` 2) k] | k <- [1 .. 60]]
      Result final errs = foldl' apply (Result M.empty []) txs
  mapM_ print (M.elems final)
  mapM_ putStrLn (reverse (take 8 errs))
  print (length errs)
  let rich = sortBy (comparing (negate . balance)) (M.elems (M.map (interest 5) final))
  mapM_ (\a -> putStrLn (holder a ++ ": " ++ show (balance a))) rich
  print (M.foldr (\a s -> s + balance a) 0 final, M.keys (M.filter frozen final))
  print (M.toList (M.map (length . log') final))
