-- A program ending in base's `head []' (session 24): GHC.List's error CAF makes and
-- prints the message under CAF GHC.List; the top handler's flush under main.
firstWord :: String -> String
firstWord s = head (words s)

main :: IO ()
main = do
  mapM_ (putStrLn . firstWord) ["hello world", "a b c"]
  putStrLn (firstWord "   ")
