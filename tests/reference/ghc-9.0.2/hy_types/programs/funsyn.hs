-- Local functions whose signatures are type synonyms for function types, used twice (so
-- GHC -O0 does not inline them): -hy names their closures by the synonym.
module Main (main) where

type Op = Int -> Int

mk :: Int -> (Op, Op)
mk k = (h, h)
  where
    h :: Op
    h x = x + k

mk2 :: Int -> (ShowS, ShowS)
mk2 k = (g, g)
  where
    g :: ShowS
    g s = show k ++ s

main :: IO ()
main = do
  let ops = map (fst . mk) [1 .. 3000]
      shs = map (snd . mk2) [1 .. 3000]
  print (sum (map ($ 1) ops))
  print (length (concatMap ($ "") shs))
  print (sum (map ($ 2) ops))
  print (length (concatMap ($ "!") shs))
