-- dates: leap years, day of week (Zeller), adding days, printing a month calendar
data Date = Date { year :: Int, month :: Int, day :: Int } deriving (Eq, Ord)

instance Show Date where
  show (Date y m d) = show y ++ "-" ++ pad m ++ "-" ++ pad d
    where pad n = if n < 10 then '0' : show n else show n

data Weekday = Mon | Tue | Wed | Thu | Fri | Sat | Sun deriving (Show, Eq, Enum, Bounded)

isLeap :: Int -> Bool
isLeap y = (y `mod` 4 == 0 && y `mod` 100 /= 0) || y `mod` 400 == 0

daysIn :: Int -> Int -> Int
daysIn y m
  | m == 2 = if isLeap y then 29 else 28
  | m `elem` [4, 6, 9, 11] = 30
  | otherwise = 31

weekday :: Date -> Weekday
weekday (Date y m d) = toEnum ((h + 5) `mod` 7)
  where (y', m') = if m < 3 then (y - 1, m + 12) else (y, m)
        k = y' `mod` 100
        j = y' `div` 100
        h = (d + (13 * (m' + 1)) `div` 5 + k + k `div` 4 + j `div` 4 + 5 * j) `mod` 7

nextDay :: Date -> Date
nextDay (Date y m d)
  | d < daysIn y m = Date y m (d + 1)
  | m < 12 = Date y (m + 1) 1
  | otherwise = Date (y + 1) 1 1

addDays :: Int -> Date -> Date
addDays n dt = iterate nextDay dt !! n

dayOfYear :: Date -> Int
dayOfYear (Date y m d) = sum [daysIn y k | k <- [1 .. m - 1]] + d

calendar :: Int -> Int -> [String]
calendar y m = header : "Mo Tu We Th Fr Sa Su" : map unwords (chunk 7 cells)
  where
    header = names !! (m - 1) ++ " " ++ show y
    names = words "January February March April May June July August September October November December"
    offset = fromEnum (weekday (Date y m 1))
    cells = replicate offset "  " ++ [if d < 10 then ' ' : show d else show d | d <- [1 .. daysIn y m]]
    chunk _ [] = []
    chunk n xs = take n xs : chunk n (drop n xs)

fridays13 :: Int -> [Date]
fridays13 y = [dt | m <- [1 .. 12], let dt = Date y m 13, weekday dt == Fri]

main :: IO ()
main = do
  print (filter isLeap [1896 .. 1912], isLeap 2000, isLeap 2100)
  print (map weekday [Date 2024 1 1, Date 2000 2 29, Date 1969 7 20, Date 2026 11 27])
  print (addDays 100 (Date 2024 1 1), addDays 365 (Date 2023 3 1), nextDay (Date 1999 12 31))
  print (map dayOfYear [Date 2024 12 31, Date 2023 12 31, Date 2024 3 1])
  mapM_ putStrLn (calendar 2024 2)
  mapM_ putStrLn (calendar 2026 11)
  print (concatMap fridays13 [2024 .. 2026])
  print [(wd, length [() | d <- take 366 (iterate nextDay (Date 2024 1 1)), weekday d == wd]) | wd <- [minBound .. maxBound]]
  print (maximum [Date 2024 5 1, Date 2023 12 31, Date 2024 4 30], Date 2024 1 1 < Date 2024 1 2)
