-- let polymorphism, local polymorphic functions, higher-order helpers at several types
pairUp :: (Show a, Show b) => a -> b -> String
pairUp a b = let wrap x = "<" ++ show x ++ ">"
             in wrap a ++ wrap b

main :: IO ()
main = do
  let twice f = f . f
      dup x = (x, x)
      applyAll fs x = map ($ x) fs
      count p = length . filter p
  print (twice (+ 3) (10 :: Int), twice ('x' :) "yz", twice (map (* 2)) [1, 2, 3 :: Int])
  print (dup 'a', dup True, dup [1 :: Int])
  print (applyAll [(+ 1), (* 2), negate] (7 :: Int), applyAll [reverse, take 2] "hello")
  print (count even [1 .. 100 :: Int], count (== 'l') "hello world", count null [[], [1 :: Int], []])
  print (pairUp (1 :: Int) "s", pairUp [True] (Just 'c'))
  let total = go 0 [1 .. 5000 :: Int]
        where go acc [] = acc
              go acc (x : xs) = go (acc + x `mod` 13) xs
  print total
  print (sizes [[1, 2, 3], [4 :: Int]], sizes ["ab", "cde", ""])
  print (both fst ((1 :: Int, 'a'), (2, 'b')), both length ("abc", "de"))
  print (sum (zipWith3 (\a b c -> a * b - c) [1 .. 300] [2 .. 301] [3 .. 302 :: Integer]))
  print (foldr (\f acc -> f acc) 1 (replicate 20 (twice (* 2))) :: Integer)
  where
    sizes :: [[a]] -> [Int]
    sizes = map length
    both :: (a -> b) -> (a, a) -> (b, b)
    both f (x, y) = (f x, f y)
