module Main (main) where

-- An accumulator loop: the longest Collatz chain below a bound, with strict accumulators.
steps :: Int -> Int
steps n = go n 0
  where
    go 1 !acc = acc
    go m !acc = go (if even m then m `div` 2 else 3 * m + 1) (acc + 1)

longest :: Int -> (Int, Int)
longest bound = loop 1 1 0
  where
    loop i !best !bestLen
      | i >= bound = (best, bestLen)
      | otherwise =
          let s = steps i
          in if s > bestLen then loop (i + 1) i s else loop (i + 1) best bestLen

main :: IO ()
main = do
  let (n, len) = longest 300
  putStrLn ("longest chain below 300 starts at " ++ show n ++ " with " ++ show len ++ " steps")
  putStrLn ("steps 27 = " ++ show (steps 27))
