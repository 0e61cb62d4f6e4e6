-- Top-level aliases of constrained functions (issue 18 item 1f, shapes19): GHC does not
-- eta-expand `total = sum` (its right-hand side is an application to dictionaries), so
-- the alias's CAF pays for the partial application once; aliases of methods select
-- a field (nothing); an unconstrained alias is eta-expanded (its function static)
total :: [Int] -> Int
total = sum

biggest :: [Int] -> Int
biggest = maximum

render :: Int -> String
render = show

prod :: [Int] -> Int
prod = product

count :: [Int] -> Int
count = length

member :: Int -> [Int] -> Bool
member = elem

smallest :: [Int] -> Int
smallest = minimum

flat :: [[Int]] -> [Int]
flat = concat

conv :: Int -> Integer
conv = fromIntegral

ws :: String -> [String]
ws = words

main :: IO ()
main = do
  print (total [1 .. 100])
  print (total [5, 6])
  print (biggest [3, 9, 2])
  putStrLn (render 42)
  print (prod [1 .. 10])
  print (count [1, 2])
  print (member 3 [1, 2, 3])
  print (smallest [4, 2])
  print (flat [[1], [2, 3]])
  print (conv 5 * 2)
  print (ws "a few words here")
