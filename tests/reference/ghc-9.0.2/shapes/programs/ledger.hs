-- A ledger: parse transactions from text, post them to accounts, report balances.
import Data.List (sortBy, foldl')
import Data.Char (isDigit, isSpace, toUpper)

data Kind = Deposit | Withdraw | Transfer deriving (Show, Eq)

data Txn = Txn { tid :: Int, kind :: Kind, from :: String, to :: String, amount :: Int }
  deriving Show

parseLine :: Int -> String -> Maybe Txn
parseLine n line = case words line of
  ["dep", acct, amt] | all isDigit amt -> Just (Txn n Deposit "" acct (read amt))
  ["wd", acct, amt] | all isDigit amt -> Just (Txn n Withdraw acct "" (read amt))
  ["tr", a, b, amt] | all isDigit amt -> Just (Txn n Transfer a b (read amt))
  _ -> Nothing

post :: [(String, Int)] -> Txn -> [(String, Int)]
post book t = case kind t of
  Deposit -> credit (to t) (amount t) book
  Withdraw -> credit (from t) (negate (amount t)) book
  Transfer -> credit (to t) amt (credit (from t) (negate amt) book)
  where
    amt = amount t
    credit acct x [] = [(acct, x)]
    credit acct x ((a, b) : rest)
      | a == acct = (a, b + x) : rest
      | otherwise = (a, b) : credit acct x rest

gen :: Int -> [String]
gen n = [line i | i <- [1 .. n]]
  where
    line i
      | i `mod` 7 == 0 = "tr " ++ name i ++ " " ++ name (i + 3) ++ " " ++ show (i * 3)
      | i `mod` 5 == 0 = "wd " ++ name i ++ " " ++ show (i `mod` 40)
      | i `mod` 11 == 0 = "bad line " ++ show i
      | otherwise = "dep " ++ name i ++ " " ++ show (10 + i `mod` 90)
    name k = "acct" ++ show (k `mod` 13)

report :: [(String, Int)] -> [String]
report book = [pad 8 (map toUpper a) ++ fmt b | (a, b) <- sortBy cmp book]
  where
    cmp (_, x) (_, y) = compare y x
    fmt v = let s = show (abs v) in (if v < 0 then "-" else " ") ++ s
    pad k s = s ++ replicate (k - length s) ' '

stats :: [Txn] -> (Int, Int, Int)
stats ts = (count Deposit, count Withdraw, count Transfer)
  where count k = length (filter ((== k) . kind) ts)

main :: IO ()
main = do
  let ls = gen 1500
      txns = [t | (i, l) <- zip [1 ..] ls, Just t <- [parseLine i l]]
      book = foldl' post [] txns
  print (length ls, length txns)
  print (stats txns)
  mapM_ putStrLn (report book)
  print (sum (map snd book))
  print (take 2 txns)
  print (length (filter (all isSpace) ls))
