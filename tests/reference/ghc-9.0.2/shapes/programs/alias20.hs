-- Local aliases of partial applications (issue 18 item 1, shapes20): `minimumBy' =
-- foldr1 (...)` in a where and a let, applied once (GHC inlines it: a case, no thunk), and
-- foldr1's rest thunks (base's loop specialised on a cons: 5 words), abs at Int on
-- non-negative numbers (no box), local functions with literals, one generalised
import Data.List (foldl')

closest :: Int -> [(Int, Int)] -> (Int, Int)
closest t xs = minimumBy' xs
  where minimumBy' = foldr1 (\a b -> if abs (fst a - t) <= abs (fst b - t) then a else b)

closestLet :: Int -> [(Int, Int)] -> (Int, Int)
closestLet t xs =
  let pick = foldr1 (\a b -> if snd a <= snd b then a else b)
  in pick xs

scaleAll :: [Int] -> [Int]
scaleAll xs = map (\x -> scale x) xs
  where scale v = v * 3 + 1

sumSq :: [Int] -> Int
sumSq xs = go xs
  where go ys = foldl' (\acc y -> acc + y * y + 2) 0 ys

polyLocal :: Int -> (Int, Double)
polyLocal n = (twice n, twice 1.5)
  where twice v = v * 2 + 1

main :: IO ()
main = do
  let ps = [(i, (i * 7) `mod` 11) | i <- [1 .. 20]]
  mapM_ (\t -> print (closest t ps)) [1 .. 10]
  mapM_ (\t -> print (closestLet t ps)) [1 .. 10]
  mapM_ (\t -> print (sum (scaleAll [t .. t + 10]))) [1 .. 10]
  mapM_ (\t -> print (sumSq [t .. t + 10])) [1 .. 10]
  mapM_ (print . polyLocal) [1 .. 10]
