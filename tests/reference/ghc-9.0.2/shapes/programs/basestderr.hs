import System.IO
main :: IO ()
main = do
  print 1
  hPutStrLn stderr "stopping at 4"
  hPutStrLn stderr "stopping at 4"
  hPutStrLn stderr "stopping at 4 and more and more and more"
