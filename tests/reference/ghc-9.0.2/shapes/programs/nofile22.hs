-- An uncaught IOException of readFile: GHC's message on stderr, exit code 1
main :: IO ()
main = do
  putStrLn "reading"
  s <- readFile "nofile.txt"
  putStr s
  putStrLn "not reached"
