-- A report built as a String by repeated ++ in a loop (left-nested appends), then
-- printed line by line, and its length taken.
row :: Int -> String
row i = "item " ++ show i ++ ": " ++ replicate (i `mod` 7) '*' ++ "\n"

buildReport :: Int -> String
buildReport n = go 1 ""
  where
    go i acc
      | i > n = acc
      | otherwise = go (i + 1) (acc ++ row i)

countStars :: String -> Int
countStars = length . filter (== '*')

main :: IO ()
main = do
  let r = buildReport 400
  putStr (unlines (take 5 (lines r)))
  print (countStars r)
  print (length (lines r))
  print (length r)
