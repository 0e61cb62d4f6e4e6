main :: IO ()
main = do
  s <- getLine
  putStrLn s
  t <- getLine
  putStrLn t
