import Data.Char (toUpper, isDigit)
import Data.List (sort, nub, intercalate)

-- string processing and Integer-sized arithmetic

capitalise :: String -> String
capitalise [] = []
capitalise (c:cs) = toUpper c : cs

main :: IO ()
main = do
  let text = "the quick brown fox jumps over the lazy dog"
      ws = words text
  putStrLn (unwords (map capitalise ws))
  print (length ws, length (nub ws))
  print (sort ws)
  putStrLn (intercalate ", " (reverse ws))
  print ("abc" == "abc", "abc" < "abd", "b" > "abc", compare "x" "x")
  print (filter isDigit "a1b2c3")
  mapM_ putStrLn (lines "line one\nline two")
  putStr (unlines ["u1", "u2"])
  print (read' "12345" * 2)
  print (2 ^ 100 `div` 3 ^ 20)
  let big = product [1 .. 25 :: Integer]
  print (big, big `mod` 1000000007)
  where
    read' = foldl (\acc c -> acc * 10 + fromEnum c - fromEnum '0') 0
