l1, l2, l3, l4, l5, l6, l7 :: String -> [(String, String)]
l1 s = lex s
l2 s = lex s
l3 s = lex s
l4 s = lex s
l5 s = lex s
l6 s = lex s
l7 s = lex s
main :: IO ()
main = do
  print (l1 "hello world")
  print (l2 "  12.5e3 rest")
  print (l3 "")
  print (l4 "\"str\\n\" x")
  print (l5 "<= y")
  print (l6 "(a)")
  print (l7 "x")
  print (lex "'c' d", lex "   ", lex "\"unterminated", lex "abc'_1 z", lex "0x1F+", lex "1.x", lex "`f`")
  print (readParen False reads "(3) z" :: [(Int, String)], readParen True reads "((4))" :: [(Int, String)])
