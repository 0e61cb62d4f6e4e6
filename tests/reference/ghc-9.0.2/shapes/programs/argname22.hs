-- The names of an inlined function's argument thunks (session 22, bands22): GHC -O0
-- let-binds a non-trivial argument by the parameter's name when the copy's body is under
-- its cost centre (`push`), but substitutes it when the body is a constructor (`mk`).
data P = P Int Int

data Q = Q [Int] [Int]

mk :: Int -> Int -> P
mk a b = P a b

push :: Int -> Q -> Q
push v (Q f b) = Q f (v : b)

wrap :: Int -> [Int] -> [P]
wrap k xs = [mk (x + k) x | x <- xs]

fill :: Int -> [Int] -> Q
fill k = foldr (\x q -> push (x * k) q) (Q [] [])

main :: IO ()
main = do
  let ps = wrap 3 [1 .. 2000]
  print (sum [a + b | P a b <- ps])
  let Q _ b = fill 5 [1 .. 2000]
  print (sum b)
