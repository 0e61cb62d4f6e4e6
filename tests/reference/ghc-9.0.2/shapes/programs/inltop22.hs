-- Top-level functions GHC -O0 inlines (session 22, bands22): used once and applied, of
-- any size; small ones at every call; with a class constraint too; a Maybe/pair result
-- taken apart where it is inlined.
data Box = Box Int Int

-- large, used once, applied in a loop: inlined into loopA
stepA :: Int -> Box -> Box
stepA i (Box a b) =
  let a' = a + i * 3 - (b `mod` 7)
      b' = b + (if even i then a' `div` 3 else i * 2) + (a `mod` 11)
  in Box (a' `mod` 100003) (b' `mod` 100019)

loopA :: Int -> Box -> Box
loopA 0 bx = bx
loopA n bx = loopA (n - 1) (stepA n bx)

-- large, used twice: not inlined
stepB :: Int -> Box -> Box
stepB i (Box a b) =
  let a' = a + i * 5 - (b `mod` 3)
      b' = b + (if odd i then a' `div` 7 else i * 4) + (a `mod` 13)
  in Box (a' `mod` 100003) (b' `mod` 100019)

loopB :: Int -> Box -> Box
loopB 0 bx = bx
loopB n bx = loopB (n - 1) (stepB n (stepB (n + 1) bx))

-- used once but passed unapplied: not inlined
scale :: Int -> Int
scale x = x * 3 + 1

-- a class constraint, a Maybe of a pair taken apart by its one caller
splitMin :: Ord a => [a] -> Maybe (a, [a])
splitMin [] = Nothing
splitMin (x : xs) = let m = foldr min x xs in Just (m, filter (/= m) (x : xs))

sortOut :: Ord a => [a] -> [a]
sortOut ys = case splitMin ys of
  Nothing -> []
  Just (m, rest) -> m : sortOut rest

-- small, a class constraint, called from three places
firstOf :: Ord a => [a] -> Maybe (a, [a])
firstOf [] = Nothing
firstOf (x : xs) = Just (x, xs)

countAll :: Ord a => [a] -> Int
countAll zs = case firstOf zs of
  Nothing -> 0
  Just (_, rest) -> 1 + countAll rest

main :: IO ()
main = do
  let Box a b = loopA 20000 (Box 1 2)
  print (a, b)
  let Box c d = loopB 10000 (Box 3 4)
  print (c, d)
  print (sum (map scale [1 .. 5000]))
  print (sum (sortOut [ (i * 37) `mod` 301 | i <- [1 .. 300 :: Int] ]))
  print (countAll [1 .. 8000 :: Int])
  print (fmap fst (firstOf "xyz"), fmap fst (firstOf [2.5 :: Double]))
