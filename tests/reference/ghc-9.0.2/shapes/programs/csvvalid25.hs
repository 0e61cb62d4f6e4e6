-- Parsing CSV-ish records with Either: mapM/traverse, partitionEithers, lefts/rights, reads
import Data.Either (partitionEithers, lefts, rights, either)
import Data.List (intercalate, sortOn)
import Data.Char (isDigit, isSpace)
import qualified Data.Map as Map

data Employee = Employee
  { name :: String
  , dept :: String
  , salary :: Int
  , age :: Int
  } deriving (Show, Eq)

splitOn :: Char -> String -> [String]
splitOn d s = case break (== d) s of
  (a, []) -> [a]
  (a, _ : rest) -> a : splitOn d rest

trim :: String -> String
trim = f . f where f = reverse . dropWhile isSpace

readInt :: String -> String -> Either String Int
readInt field s = case reads s of
  [(n, "")] -> Right n
  _ -> Left ("field " ++ field ++ ": not a number: " ++ show s)

parseLine :: (Int, String) -> Either String Employee
parseLine (lineNo, line) = either (\e -> Left ("line " ++ show lineNo ++ ": " ++ e)) Right $ do
  fields <- case map trim (splitOn ',' line) of
    fs@[_, _, _, _] -> Right fs
    fs -> Left ("expected 4 fields, got " ++ show (length fs))
  let [n, d, s, a] = fields
  sal <- readInt "salary" s
  ag <- readInt "age" a
  if null n then Left "empty name" else Right ()
  if ag < 16 || ag > 99 then Left ("age out of range: " ++ show ag) else Right ()
  return (Employee n d sal ag)

input :: [String]
input =
  [ "alice, eng, 120000, 34", "bob, eng, 95000, 28", "carol, sales, 70000, 45"
  , "dave, sales, 6500x, 39", "erin, ops, 80000", "frank, ops, 82000, 51"
  , ", eng, 100000, 30", "gina, eng, 130000, 12", "hank, sales, 72000, 33"
  , "ivy, ops, 91000, 29", "jack, eng, 99000, 41" ]

summary :: [Employee] -> Map.Map String (Int, Int)
summary = foldr (\e -> Map.insertWith add (dept e) (1, salary e)) Map.empty
  where add (a, b) (c, d) = (a + c, b + d)

validateAll :: [String] -> Either String [Employee]
validateAll = traverse parseLine . zip [1 ..]

main :: IO ()
main = do
  let results = map parseLine (zip [1 ..] input)
      (errs, emps) = partitionEithers results
  mapM_ putStrLn errs
  putStrLn (intercalate ", " (map name emps))
  print (length (lefts results), length (rights results))
  mapM_ (\(d, (n, total)) -> putStrLn (d ++ ": " ++ show n ++ " people, mean " ++ show (total `div` n)))
        (Map.toList (summary emps))
  print (either id (show . length) (validateAll input))
  print (either id (show . map age) (validateAll (take 3 input)))
  print (map name (sortOn (negate . salary) emps))
  print (mapM (readInt "x") ["1", "22", "333"], mapM (readInt "x") ["1", "two"])
  print (sequence [Just 1, Just 2], sequence [Just 1, Nothing :: Maybe Int])
