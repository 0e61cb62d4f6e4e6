-- reads, the Prelude's: a safe parse by `case reads s of [(n, "")]`, a loop reading
-- numbers off the front of a string, and reads at Double, String and lists.
parseInt :: String -> Maybe Int
parseInt s = case reads s of
  [(n, "")] -> Just n
  _ -> Nothing

sumAll :: Int -> String -> (Int, String)
sumAll acc s = case reads s :: [(Int, String)] of
  [(n, rest)] -> sumAll (acc + n) rest
  _ -> (acc, s)

main :: IO ()
main = do
  print (reads "42 rest" :: [(Int, String)])
  print (reads "  -5x" :: [(Int, String)], reads "3.5" :: [(Int, String)])
  print (reads "" :: [(Int, String)], reads "12 'abc" :: [(Integer, String)])
  print (reads "3.5e2x" :: [(Double, String)], reads "\"hi\" there" :: [(String, String)])
  print (reads "[1,2] z" :: [([Int], String)], reads "(7) q" :: [(Int, String)])
  print (reads "True!" :: [(Bool, String)], reads "abc" :: [(Int, String)])
  let ws = [show k | k <- [1 .. 300 :: Int]] ++ ["x1", "7 ", "-3", "4x", ""]
  print (length [n | Just n <- map parseInt ws], sum [n | Just n <- map parseInt ws])
  print (sumAll 0 (unwords (map show [1 .. 200 :: Int]) ++ " end"))
