-- Text processing shapes: show on Int (base's itos), words, lines, break, replicate
showAll :: Int -> Int
showAll n = sum (map (length . show) [1 .. n])

showNeg :: Int -> Int
showNeg n = sum (map (\k -> length (showsPrec 11 (negate k) [])) [1 .. n])

showPair :: Int -> Int
showPair n = length (show (zip [1 .. n] [n, n - 1 .. 1]))

mkText :: Int -> String
mkText n = unlines [unwords (map show [i .. i + 7]) | i <- [1 .. n]]

countWords :: String -> Int
countWords s = length (words s)

countLines :: String -> Int
countLines s = length (lines s)

firstWords :: String -> Int
firstWords s = sum (map (length . fst . break (== ' ')) (lines s))

pad :: Int -> Int
pad n = sum (map (\k -> length (replicate (k `mod` 17) '.')) [1 .. n])

main :: IO ()
main = do
  print (showAll 5000)
  print (showNeg 5000)
  print (showPair 2000)
  let t = mkText 1500
  print (countWords t)
  print (countLines t)
  print (firstWords t)
  print (pad 5000)
