-- thunks with no free variable (a literal at a generalised local function inlined at Int):
-- GHC allocates 2 words (header and the SMP word), 16 bytes each
a1 :: Int -> Int
a1 = go 1
  where
    go acc n
      | n > 100 = acc
      | otherwise = go (acc + 1) (n + 1)

a2 :: Int -> Int
a2 = go 1
  where
    go acc 100 = acc
    go acc n = go (acc + 1) (n + 1)

a3 :: Int -> Int
a3 = go 0
  where
    go acc 0 = acc
    go acc n = go acc (n - 1)

main :: IO ()
main = do
  print (sum [a1 i | i <- [1 .. 50]])
  print (sum [a2 i | i <- [1 .. 50]])
  print (sum [a3 i | i <- [1 .. 50]])
