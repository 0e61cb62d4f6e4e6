module Main (main) where

-- operator sections, seq, $, $!, and a tour of the Prelude

main :: IO ()
main = do
  print (map (subtract 1) [1, 2, 3])
  print (map (`div` 2) [7, 8, -9])
  print (map (2^) [0, 1, 10])
  print (map (^2) [1, 2, 3])
  print ((-1) + 5, (- 1))
  let xs = [1 .. 10] :: [Int]
  print (foldl' (+) 0 xs `seq` "forced")
  print ((+ 1) `map` [1, 2])
  print (snd (undefined, 3))
  print $ length $ filter even $ map (* 3) [1 .. 20]
  print (foldr (\x acc -> x : take 2 acc) [] [1 .. 10])
  print (zip3 [1, 2] "ab" [True, False], unzip [(1, 'a'), (2, 'b')])
  print (takeWhile (< 10) (iterate (* 2) 1), dropWhile (/= ' ') "ab cd")
  print (span even [2, 4, 5, 6], break (== 3) [1 .. 5], splitAt 2 "hello")
  print (lookup 2 [(1, "one"), (2, "two")], elem 3 [1, 2], 7 `notElem` [1, 2])
  print (replicate 3 'x', concat [[1], [2, 3]], concatMap show [1, 2, 3], and [], or [True, False])
  print (reverse [1, 2, 3], last [1, 2, 3], init [1, 2, 3], null [], [10, 20, 30] !! 1)
  print (gcd 12 18, lcm 4 6, 17 `mod` (-5), 17 `rem` (-5), (-17) `quot` 5)
  print (divMod 7 2, quotRem (-7) 2)
  print (fromIntegral (3 :: Int) / 2 :: Double, truncate 3.7, round 2.5, round 3.5)
  print (ceiling 2.1, floor (-2.1))
  print (2 ^ 64, product [1 .. 20 :: Integer])
  print (cycle [1, 2, 3] !! 100, take 4 (repeat 'z'))
  print (curry fst 1 2, uncurry (+) (3, 4), flip (-) 1 10, id 5, const 1 2)
  print (maybe 0 (+ 1) (Just 5), either length negate (Left "abc"), either length negate (Right 4))
  print (abs (-3), signum (-2), negate 4, even 0, odd 7)
  print (all even [2, 4], any odd [2, 4], sum [], product [])
  print (until (> 100) (* 2) 1)
  print (show 1.0, show (2 :: Int))
  print (seq (1 :: Int) 'k', id $! 3)
  print ((.) (+ 1) (* 2) 5, (`elem` "aeiou") 'e', (3 -) 1)
