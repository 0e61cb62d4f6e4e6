import System.IO
main :: IO ()
main = do
  hSetBuffering stdout NoBuffering
  putStrLn "start"
  print [1, 2, error "x" :: Int]
