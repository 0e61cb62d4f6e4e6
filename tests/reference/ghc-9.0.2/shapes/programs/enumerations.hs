data Day = Mon | Tue | Wed | Thu | Fri | Sat | Sun deriving (Show, Eq, Ord, Enum, Bounded)

weekend :: Day -> Bool
weekend d = d >= Sat

main :: IO ()
main = do
  let days = [minBound .. maxBound] :: [Day]
  print days
  print (length (filter weekend (concat (replicate 100 days))))
  print (map fromEnum days, map succ [Mon .. Sat], map pred [Tue ..])
  print (toEnum 2 :: Day, [Mon, Wed ..], [Sun, Fri .. Mon], [Tue .. Thu])
  print (sum (map fromEnum (concat (replicate 200 [Mon ..]))))
