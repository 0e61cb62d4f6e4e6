-- all/any saturated (in a lambda) and partially applied (filter (all isSpace)): base's
-- all is arity 2 with its dictionary, so the partial application is made once
import Data.Char (isSpace, isDigit)
c1, c2, c3, c4 :: [String] -> Int
c1 ls = length (filter (all isSpace) ls)
c2 ls = length (filter (\l -> all isSpace l) ls)
c3 ls = length (filter (any isDigit) ls)
c4 ls = length (filter (\l -> any isDigit l) ls)
main :: IO ()
main = do
  let ls = [replicate (i `mod` 5 + 1) 'x' | i <- [1 .. 1000 :: Int]]
  print (sum (map length ls))
  print (c1 ls, c2 ls, c3 ls, c4 ls)
