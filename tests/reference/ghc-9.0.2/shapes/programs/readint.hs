-- read at Int: texts of 1 to 6 digits (literals and shown numbers), zeros, a minus,
-- blanks on either side and parentheses, each in its own cost centre
s1, s2, s3, s4, s6 :: String -> Int
s1 s = read s
s2 s = read s
s3 s = read s
s4 s = read s
s6 s = read s

l1, l2, l3, l6, lneg, lneg3, lblank, lblank2, lparen, lzero, lzeros :: Int -> Int
l1 i = read "7" + i
l2 i = read "77" + i
l3 i = read "777" + i
l6 i = read "777777" + i
lneg i = read "-7" + i
lneg3 i = read "-777" + i
lblank i = read " 7" + i
lblank2 i = read "  77  " + i
lparen i = read "(7)" + i
lzero i = read "707" + i
lzeros i = read "1000" + i

main :: IO ()
main = do
  print (sum (map (s1 . show) [1 .. 9 :: Int]))
  print (sum (map (s2 . show) [10 .. 99 :: Int]))
  print (sum (map (s3 . show) [100 .. 999 :: Int]))
  print (sum (map (s4 . show) [1000 .. 1099 :: Int]))
  print (sum (map (s6 . show) [100000 .. 100099 :: Int]))
  print (sum (map l1 [1 .. 100]), sum (map l2 [1 .. 100]), sum (map l3 [1 .. 100]))
  print (sum (map l6 [1 .. 100]), sum (map lneg [1 .. 100]), sum (map lneg3 [1 .. 100]))
  print (sum (map lblank [1 .. 100]), sum (map lblank2 [1 .. 100]))
  print (sum (map lparen [1 .. 100]), sum (map lzero [1 .. 100]), sum (map lzeros [1 .. 100]))
