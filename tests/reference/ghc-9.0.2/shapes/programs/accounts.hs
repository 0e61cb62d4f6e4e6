import Data.List (sortBy, insertBy, deleteBy, (\\), union, intersect, zipWith3, genericLength)
import Data.Char (isAlpha, isDigit, digitToInt)
import Text.Printf (printf)

data Account = Account { accId :: Int, owner :: String, balance :: Double } deriving (Show, Eq)

data Txn = Deposit Int Double | Withdraw Int Double | Transfer Int Int Double deriving Show

apply :: [Account] -> Txn -> Either String [Account]
apply accts t = case t of
  Deposit i amt -> update i (+ amt)
  Withdraw i amt -> do
    a <- find' i
    if balance a < amt then Left ("insufficient funds in " ++ show i) else update i (subtract amt)
  Transfer from to amt -> do
    accts' <- apply accts (Withdraw from amt)
    apply accts' (Deposit to amt)
  where
    find' i = maybe (Left ("no account " ++ show i)) Right (lookup i [(accId a, a) | a <- accts])
    update i f = do
      _ <- find' i
      return [if accId a == i then a { balance = f (balance a) } else a | a <- accts]

luhn :: String -> Bool
luhn s = total `mod` 10 == 0
  where ds = reverse (map digitToInt (filter isDigit s))
        total = sum (zipWith ($) (cycle [id, dbl]) ds)
        dbl d = let x = 2 * d in if x > 9 then x - 9 else x

mean :: [Double] -> Double
mean xs = sum xs / genericLength xs

main :: IO ()
main = do
  let accts = [Account 1 "ann" 100, Account 2 "ben" 50]
      txns = [Deposit 1 20, Transfer 1 2 70, Withdraw 2 500, Transfer 3 1 1]
  mapM_ (\t -> putStrLn (either ("error: " ++) (unwords . map (show . balance)) (apply accts t))) txns
  print (foldl (\acc t -> acc >>= \as -> apply as t) (Right accts) (take 2 txns))
  print (map luhn ["4539 1488 0343 6467", "8273 1232 7352 0569"])
  printf "mean %.3f of %d values\n" (mean [1.5, 2.5, 4.0]) (3 :: Int)
  print ([1, 2, 3, 4] \\ [2, 4 :: Int], union [1, 2] [2, 3 :: Int], intersect "hello" "world")
  print (zipWith3 (\a b c -> a + b * c) [1, 2] [3, 4] [5, 6 :: Int])
  let (front, back) = splitAt 3 "abcdefg"
  print (front, back, span isAlpha "ab12cd", break (== ' ') "hello world")
  print (insertBy (\a b -> compare (snd a) (snd b)) ('x', 2) [('a', 1), ('b', 3 :: Int)])
