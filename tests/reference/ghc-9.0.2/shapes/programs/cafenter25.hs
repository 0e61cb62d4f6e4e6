-- The first entry of each CAF: GHC's run-time system claims it with a blackhole (16 bytes)
-- charged to the cost centre stack entering it; later entries find its value
limit :: Int
limit = sum [1 .. 100]

limit2 :: Int
limit2 = limit + 1

inc :: Int -> Int
inc = (+ 1) . (* 2)

names :: [String]
names = words "alpha beta gamma delta"

table :: [(Int, String)]
table = zip [1 ..] names

f :: Int -> Int
f x = x + limit2 + inc x

g :: Int -> Int
g x = x * limit + length names

h :: Int -> Maybe String
h k = lookup k table

twice :: Int -> Int
twice x = f x + f (x + 1)

main :: IO ()
main = do
  print (f 1)
  print (g 2)
  print (h 3, h 9)
  print (twice 4)
  print (map f [1 .. 5])
