main = do
  putStrLn "s"
  putStr (replicate 5000 (toEnum 97) ++ error "x")
