-- string literal patterns in list patterns with guards: GHC tests the literals in sorted
-- order ("dep", "tr", "wd"), falling through to the next literal when a row fails
import Data.Char (isDigit)
data K = D | W | T deriving Show
p1 :: [String] -> Maybe (K, String, Int)
p1 ws = case ws of
  ["dep", acct, amt] | all isDigit amt -> Just (D, acct, read amt)
  ["wd", acct, amt] | all isDigit amt -> Just (W, acct, read amt)
  ["tr", a, _, amt] | all isDigit amt -> Just (T, a, read amt)
  _ -> Nothing

lineWords :: Int -> [String]
lineWords i = case i `mod` 4 of
  0 -> ["dep", "acct", "10"]
  1 -> ["wd", "acct", "20"]
  2 -> ["tr", "a", "b", "30"]
  _ -> ["bad", "x"]

main :: IO ()
main = do
  let ws = map lineWords [1 .. 2000]
  print (length (concat ws))
  print (length [() | w <- ws, Just _ <- [p1 w]])
