-- an accumulator record with strict fields against one with lazy fields, folded lazily:
-- the strict one holds evaluated Ints, the lazy one chains of (+) thunks
data Strict = Strict !Int !Int
data Lazy = Lazy Int Int

stepS :: Strict -> Int -> Strict
stepS (Strict s n) x = Strict (s + x) (n + 1)

stepL :: Lazy -> Int -> Lazy
stepL (Lazy s n) x = Lazy (s + x) (n + 1)

meanS :: [Int] -> Int
meanS xs = case foldl stepS (Strict 0 0) xs of Strict s n -> s `div` n

meanL :: [Int] -> Int
meanL xs = case foldl stepL (Lazy 0 0) xs of Lazy s n -> s `div` n

main :: IO ()
main = do
  print (meanS [1 .. 200000])
  print (meanL [1 .. 200000])
