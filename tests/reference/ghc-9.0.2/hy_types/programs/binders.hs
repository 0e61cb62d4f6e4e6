module Main (main) where

-- The types GHC 9.0.2 -O0 gives local and top-level binders (read from
-- -ddump-stg-final): -hy names a closure by its binder's type. GHC's one simplifier
-- pass inlines a binding used once, so it takes its use's types.

-- go captures n; loop is generalised but used once (inlined: Int)
count :: Int -> Int -> Int
count acc n = go acc n + loop acc n
  where go a k = if k == 0 then a + n else go (a + 1) (k - 1)
        loop a k = if k == 0 then a else loop (a + 1) (k - 1)

split :: Int -> (Int, Int)
split i = (i * 2, i * 3)

-- a pattern binding: its value is a pair
halves :: Int -> [Int]
halves n = concat [[a, b] | i <- [1 .. n], let (a, b) = split i]

-- no signature, used once: inlined at Int
sumTo acc k = if k == 0 then acc else sumTo (acc + k) (k - 1)

-- no signature, used twice: stays polymorphic
countUp acc k = if k == 0 then acc else countUp (acc + 1) (k - 1)

main :: IO ()
main = do
  let n = 10 :: Int
      step a k = if k == 0 then [a] else a : step (a * 2) (k - 1)
      line = show (count 0 5)
      shows3 = map (\i -> shows i) [1 .. 3 :: Int]
  print (count 0 5, sum (halves 10), sumTo 0 n)
  print (countUp 0 n, countUp 0 (20 :: Int))
  print (step 1 n, step 1 (3 :: Int))
  putStrLn (line ++ foldr ($) "" shows3)
