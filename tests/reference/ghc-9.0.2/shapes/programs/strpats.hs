-- string literal patterns of two characters or more: GHC tests eqString against a thunk
-- of unpackCString# "lit"#, unpacked as far as the comparison goes
cmd :: String -> Int
cmd "add" = 1
cmd "sub" = 2
cmd _ = 0

tok :: [String] -> Int
tok ("let" : x : _) = length x
tok _ = 0

cs :: String -> Int
cs s = case s of
  "hello" -> 1
  "hi" -> 2
  _ -> 3

main :: IO ()
main = do
  print (sum (map cmd (concat (replicate 300 ["add", "sub", "mul", "adx"]))))
  print (sum (map tok (replicate 1000 ["let", "xy"] ++ replicate 1000 ["lex", "y"])))
  print (sum (map cs (concat (replicate 300 ["hello", "hi", "hey"]))))
