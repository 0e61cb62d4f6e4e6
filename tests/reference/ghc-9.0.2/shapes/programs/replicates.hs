u1 :: [(Int, Char)] -> String
u1 = concatMap (uncurry replicate)

u2 :: [(Int, Char)] -> String
u2 = concatMap (\(n, c) -> replicate n c)

u3 :: [(Int, Char)] -> String
u3 xs = concatMap (\(n, c) -> [c]) xs

u4 :: [(Int, Char)] -> [String]
u4 = map (uncurry replicate)

main :: IO ()
main = do
  let ps = [(k `mod` 4 + 1, 'a') | k <- [1 .. 300 :: Int]]
  print (length (u1 ps))
  print (length (u2 ps))
  print (length (u3 ps))
  print (sum (map length (u4 ps)))
