-- Local functions used once, called with a literal: GHC's beta reduction let-binds the
-- literal's static box, which the body's closures capture (inline_once.beta)
f :: Int -> Int
f x = go 5
  where
    go n = length (replicate n 'a') + n + x

g :: Int -> [Int]
g x = k 7 x
  where
    k a b = [a, b, a + b]

h :: Int -> Int
h x = m 3 + x
  where
    m c = sum (map (* c) [c, x])

main :: IO ()
main = do
  print (sum [f i | i <- [1 .. 100]])
  print (sum [sum (g i) | i <- [1 .. 100]])
  print (sum [h i | i <- [1 .. 100]])
