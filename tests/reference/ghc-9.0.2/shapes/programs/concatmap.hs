tbl :: [(Char, String)]
tbl = [(c, replicate 3 c) | c <- ['a' .. 'z']]

cm1 :: String -> String
cm1 xs = concatMap (\c -> "ab") xs

cm2 :: String -> String
cm2 = concatMap look
  where look c = [c, c]

lk1 :: String -> Int
lk1 xs = length [() | c <- xs, Just _ <- [lookup c tbl]]

lk2 :: String -> [Maybe String]
lk2 xs = map (\c -> lookup c tbl) xs

enc :: String -> String
enc = concatMap look
  where look c = case lookup c tbl of
                   Just b -> b
                   Nothing -> ""

main :: IO ()
main = do
  let s = concat (replicate 50 "hello world and the lazy dog ")
  print (length (cm1 s))
  print (length (cm2 s))
  print (lk1 s)
  print (length [x | Just x <- lk2 s])
  print (length (enc s))
