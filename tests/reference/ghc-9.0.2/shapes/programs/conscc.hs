data T = T Int Int deriving Show

pair :: Int -> (Int, Int)
pair x = (x + 1, x * 2)

mk :: Int -> T
mk x = T (x + 1) x

mk2 :: Int -> T
mk2 x = T y y
  where y = x * 3

wrap :: Int -> Maybe Int
wrap x = Just x

lst :: Int -> [Int]
lst x = [x, x + 1]

main :: IO ()
main = do
  print (sum [a + b | (a, b) <- map pair [1 .. 100]])
  print (sum [a + b | T a b <- map mk [1 .. 100]])
  print (sum [a + b | T a b <- map mk2 [1 .. 100]])
  print (sum [a | Just a <- map wrap [1 .. 100]])
  print (sum (concatMap lst [1 .. 100]))
