-- integer literals at a type variable (issue 18): GHC desugars them as fromInteger of a
-- dictionary before inlining anything, so even a local function inlined at Int keeps them
collatzLen :: Int -> Int
collatzLen = go 1
  where
    go acc 1 = acc
    go acc n
      | even n = go (acc + 1) (n `div` 2)
      | otherwise = go (acc + 1) (3 * n + 1)

fib :: (Eq a, Num a) => a -> a
fib 0 = 0
fib 1 = 1
fib n = fib (n - 1) + fib (n - 2)

countdown :: Int -> [Int]
countdown n = step n
  where
    step 0 = []
    step k = k : step (k - 1)

triangle :: Int -> Int
triangle n = sum (map (* 2) [1 .. n]) `div` 2

main :: IO ()
main = do
  print (sum (map collatzLen [1 .. 300]))
  print (fib (15 :: Int), fib (12 :: Integer))
  print (length (countdown 500), sum (countdown 100))
  print (triangle 300)
