module Main (main) where

data T3 = T3 [Int] [Int] [Int]

split3 :: [Int] -> T3
split3 [] = T3 [] [] []
split3 (x : xs) = let T3 a b c = split3 xs
                  in case x `mod` 3 of
                       0 -> T3 (x : a) b c
                       1 -> T3 a (x : b) c
                       _ -> T3 a b (x : c)

pairs :: [(Int, Int)] -> ([Int], [Int])
pairs = foldr (\(a, b) ~(as, bs) -> (a : as, b : bs)) ([], [])

main :: IO ()
main = do
  let T3 zs os ts = split3 [1 .. 3000]
      (evens, odds) = (0 : map (+ 1) odds, map (+ 1) evens)
      (p, q) = pairs [(i, i * i) | i <- [1 .. 2000]]
      ((u, v), w) = ((length p, sum q), take 3 zs)
      (loopA, loopB) = (loopB, loopA) :: (Int, Int)
  print (sum os)
  print (take 5 evens, take 5 odds)
  print (u, v, w)
  print (length ts, sum zs)
  print (sum (take 1000 evens))
  print (length p)
  print (loopA + 1)
