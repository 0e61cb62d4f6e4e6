import Data.List (sortBy, groupBy, intercalate)
import Data.Ord (comparing)
import Data.Function (on)
import Text.Printf (printf)

data Student = Student { name :: String, year :: Int, scores :: [Int] }

data Grade = A | B | C | D | F deriving (Show, Eq, Ord, Enum, Bounded)

average :: [Int] -> Double
average [] = 0
average xs = fromIntegral (sum xs) / fromIntegral (length xs)

grade :: Double -> Grade
grade avg
  | avg >= 90 = A
  | avg >= 80 = B
  | avg >= 70 = C
  | avg >= 60 = D
  | otherwise = F

parseLine :: String -> Maybe Student
parseLine l = case words l of
  (n : y : rest) | not (null rest) -> Just (Student n (read y) (map read rest))
  _ -> Nothing

input :: [String]
input =
  [ "alice 1 93 88 97 100"
  , "bob 2 72 65 80"
  , "carol 1 55 61 58 70"
  , "dave 3 88 91"
  , "broken"
  , "erin 2 99 98 97"
  , "frank 3 40 65 70 71"
  , "gina 1 81 79 85"
  ]

main :: IO ()
main = do
  let students = [s | Just s <- map parseLine input]
  mapM_ (\s -> printf "%-6s %d %6.2f %s\n" (name s) (year s) (average (scores s)) (show (grade (average (scores s))))) students
  let byYear = groupBy ((==) `on` year) (sortBy (comparing year) students)
  mapM_ (\g -> putStrLn (show (year (head g)) ++ ": " ++ intercalate ", " (map name g))) byYear
  print [(g, length [s | s <- students, grade (average (scores s)) == g]) | g <- [minBound .. maxBound]]
  let best = foldr1 (\a b -> if average (scores a) >= average (scores b) then a else b) students
  putStrLn (name best)
  print (sum (concatMap scores students), maximum (concatMap scores students))
