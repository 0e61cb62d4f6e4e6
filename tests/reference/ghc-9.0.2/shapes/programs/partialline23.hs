import System.IO
main = do
  hSetBuffering stdout LineBuffering
  putStrLn "s"
  putStr ("ab\ncd\nef" ++ error "x")
