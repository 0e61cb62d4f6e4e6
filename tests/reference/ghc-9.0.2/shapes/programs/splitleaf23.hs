-- Functions returning closed trees of constructors (no variable of theirs inside) against
-- ones whose constructors hold their arguments: GHC keeps the cost centre whole on the
-- first, so their cells are allocated under the function at each call.
module Main (main) where

data R = H | K deriving (Show, Eq)

f1 :: R -> [(Int, R)]
f1 H = [(1, K), (2, H)]
f1 K = [(3, H)]

f2 :: R -> [Int]
f2 H = [1, 2]
f2 K = [3]

f3 :: R -> (Int, R)
f3 H = (1, K)
f3 K = (2, H)

f4 :: Int -> [Int]
f4 x = [x, x]

f5 :: Int -> [(Int, Int)]
f5 x = [(x, 1)]

f6 :: R -> Maybe (Int, R)
f6 H = Just (1, K)
f6 K = Nothing

f7 :: Int -> Maybe (Int, Int)
f7 0 = Nothing
f7 x = Just (x, x)

main :: IO ()
main = do
  print (sum [length (f1 r) | r <- [H, K, H, K, H, H, H, H, H, H]])
  print (sum [length (f2 r) | r <- [H, K, H, K, H, H, H, H, H, H]])
  print (length [fst (f3 r) | r <- [H, K, H, K, H, H, H, H, H, H]])
  print (sum [length (f4 r) | r <- [1 .. 10]])
  print (sum [length (f5 r) | r <- [1 .. 10]])
  print (length [f6 r | r <- [H, K, H, K, H, H, H, H, H, H], f6 r /= Nothing])
  print (length [f7 r | r <- [1 .. 10], f7 r /= Nothing])
