-- case of a known constructor: small functions inlined at constructor arguments, and a
-- function returning a constructor inlined where its result is scrutinised
data P = P !Int !Int deriving Show
data Q = Q Int Int deriving Show
data T = T !Int Int | U deriving Show

g :: P -> Int
g (P a b) = a + b

gq :: Q -> Int
gq (Q a b) = a * b

h :: T -> Int
h (T a b) = a + b
h U = 0

once :: Int -> Q
once i = Q i (i + 1)

f1, f2, f3, f4, f5, f6, f7 :: Int -> Int
f1 i = g (P i i)
f2 i = g (P (i + 1) i)
f3 i = g (P 1 2)
f4 i = h (T i (i * 2))
f5 i = gq (Q i i)
f6 i = gq (Q (i + 1) 3)
f7 i = h (T i i) + h U

pairUp :: Int -> (Int, Int)
pairUp i = (i, i * i)

main :: IO ()
main = do
  print (sum (map f1 [1 .. 1000]))
  print (sum (map f2 [1 .. 1000]))
  print (sum (map f3 [1 .. 1000]))
  print (sum (map f4 [1 .. 1000]))
  print (sum (map f5 [1 .. 1000]))
  print (sum (map f6 [1 .. 1000]))
  print (sum (map f7 [1 .. 1000]))
  print (sum [case once i of Q a b -> a + b | i <- [1 .. 1000]])
  print (sum [x + y | i <- [1 .. 1000 :: Int], let (x, y) = pairUp i])
  print (case (3 :: Int, "x") of (n, s) -> replicate n s)
