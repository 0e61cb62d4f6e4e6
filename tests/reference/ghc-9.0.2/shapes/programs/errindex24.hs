-- `!!' past the end and `maximum' of an empty list, the last one uncaught (session 24).
main :: IO ()
main = do
  let xs = [10, 20, 30] :: [Int]
  print (xs !! 2)
  print (maximum xs)
  print (xs !! 7)
