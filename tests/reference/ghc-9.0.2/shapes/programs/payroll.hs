import Data.List (sortBy, groupBy, foldl')
import Data.Ord (comparing)
import Data.Function (on)
import Text.Printf (printf)

data Dept = Engineering | Sales | Support deriving (Show, Eq, Ord)

data Employee = Employee
  { name   :: String
  , dept   :: Dept
  , salary :: Double
  , years  :: Int
  } deriving Show

class Show a => Describable a where
  describe :: a -> String
  describe x = "<" ++ show x ++ ">"
  label :: a -> String

instance Describable Dept where
  label d = case d of
    Engineering -> "ENG"
    Sales -> "SAL"
    Support -> "SUP"

instance Describable Employee where
  describe e = name e ++ " (" ++ label (dept e) ++ ")"
  label = name

staff :: [Employee]
staff =
  [ Employee "alice" Engineering 105000 7
  , Employee "bob" Sales 62000 3
  , Employee "carol" Engineering 98000 4
  , Employee "dave" Support 48000 1
  , Employee "erin" Sales 71000 9
  , Employee "frank" Support 51000 5
  , Employee "grace" Engineering 123000 12
  , Employee "heidi" Sales 58000 2
  ]

raise :: Double -> Employee -> Employee
raise pct e = e { salary = salary e * (1 + pct / 100) }

bonus :: Employee -> Double
bonus e
  | years e >= 10 = base * 0.15
  | years e >= 5 = base * 0.10
  | otherwise = base * 0.05
  where base = salary e

byDept :: [Employee] -> [(Dept, [Employee])]
byDept es = [ (dept (head g), g) | g <- groupBy ((==) `on` dept) (sortBy (comparing dept) es) ]

average :: [Double] -> Double
average [] = 0
average xs = total / fromIntegral count
  where (total, count) = foldl' step (0, 0 :: Int) xs
        step (s, n) x = (s + x, n + 1)

payrollCost :: [Employee] -> Double
payrollCost = foldr (\e acc -> salary e + bonus e + acc) 0

seniority :: Employee -> Maybe String
seniority e
  | years e > 8 = Just "senior"
  | years e < 2 = Just "junior"
  | otherwise = Nothing

main :: IO ()
main = do
  let raised = map (\e -> if dept e == Sales then raise 4 e else raise 2.5 e) staff
  mapM_ (putStrLn . describe) raised
  putStrLn (describe Support)
  mapM_ (\(d, es) -> printf "%-12s %2d %10.2f\n" (show d) (length es) (average (map salary es))) (byDept raised)
  printf "total cost: %.2f\n" (payrollCost raised)
  print [ (name e, s) | e <- raised, Just s <- [seniority e] ]
  print (maximum (map bonus raised), minimum (map years raised))
  print (head raised)
