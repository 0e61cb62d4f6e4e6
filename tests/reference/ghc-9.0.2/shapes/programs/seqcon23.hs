-- seq on let-bound arithmetic results before a constructor is built with them
-- (lazyrec22's tally'): a strict running pair and a strict point update.
data P = P Int Int

bump :: P -> Int -> P
bump (P a b) x =
  let a' = a + x
      b' = b + 1
  in a' `seq` b' `seq` P a' b'

move :: (Int, Int) -> Int -> (Int, Int)
move (x, y) d = let x' = x + d
                    y' = y - d
                in x' `seq` (x', y')

main :: IO ()
main = do
  let P s n = foldl bump (P 0 0) [1 .. 7000]
  print (s, n)
  let (x, y) = foldl move (0, 0) [1 .. 5000]
  print (x, y)
