-- Records with several constructors, shared fields, update syntax, selectors
data Account = Checking { owner :: String, balance :: Int, overdraft :: Int }
             | Savings { owner :: String, balance :: Int, rate :: Int }
             | Closed { owner :: String }
  deriving (Show, Eq)

data Event = Deposit String Int | Withdraw String Int | Interest | Close String
  deriving Show

apply :: [Account] -> Event -> [Account]
apply accts ev = map step accts
  where
    step a = case (ev, a) of
      (Deposit who n, Closed {}) | owner a == who -> a
      (Deposit who n, _) | owner a == who -> a { balance = balance a + n }
      (Withdraw who n, acc@Checking { balance = b, overdraft = o })
        | owner acc == who && b - n >= negate o -> acc { balance = b - n }
      (Withdraw who n, acc@Savings { balance = b })
        | owner acc == who && b >= n -> acc { balance = b - n }
      (Interest, s@Savings { rate = r }) -> s { balance = balance s + balance s * r `div` 100 }
      (Close who, _) | owner a == who -> Closed { owner = who }
      _ -> a

isOpen :: Account -> Bool
isOpen Closed {} = False
isOpen _ = True

summary :: Account -> String
summary a@Checking {} = owner a ++ ": checking " ++ show (balance a) ++ " (od " ++ show (overdraft a) ++ ")"
summary a@(Savings o b r) = o ++ ": savings " ++ show b ++ " @" ++ show r ++ "%"
summary (Closed o) = o ++ ": closed"

events :: Int -> [Event]
events n = concat [ [Deposit (who i) (i * 7 `mod` 100), Withdraw (who (i + 1)) (i * 13 `mod` 150)]
                    ++ [Interest | i `mod` 10 == 0]
                  | i <- [1 .. n] ] ++ [Close "dan"]
  where who i = ["ann", "bob", "cat", "dan"] !! (i `mod` 4)

main :: IO ()
main = do
  let start = [ Checking { owner = "ann", balance = 100, overdraft = 50 }
              , Savings { owner = "bob", balance = 500, rate = 2 }
              , Checking "cat" 0 0
              , Savings "dan" 1000 1 ]
      final = foldl apply start (events 400)
  mapM_ (putStrLn . summary) final
  print (filter isOpen final)
  print (sum (map balance (filter isOpen final)))
  let upd = (head start) { owner = "zed", overdraft = 10 }
  print upd
  print [a { balance = 0 } | a <- start, isOpen a]
