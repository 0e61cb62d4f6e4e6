import System.IO
import System.Exit
import Control.Monad (replicateM, when)

main :: IO ()
main = do
  hSetBuffering stdout NoBuffering
  hSetBuffering stdout (BlockBuffering (Just 4096))
  hSetBuffering stdout LineBuffering
  hSetBuffering stdout (BlockBuffering Nothing)
  print (NoBuffering, LineBuffering, BlockBuffering (Just 5))
  print (ExitFailure 3, ExitSuccess, ExitFailure 3 == ExitFailure 3)
  eof0 <- isEOF
  print eof0
  n <- readLn :: IO Int
  name <- getLine
  hPutStrLn stderr ("reading " ++ show n ++ " lines for " ++ name)
  xs <- replicateM n (fmap read getLine) :: IO [Int]
  print (sum xs)
  hPutStr stdout "rest: "
  hFlush stdout
  e <- isEOF
  hPrint stdout e
  rest <- getContents
  let ls = lines rest
  hPrint stdout (length ls)
  mapM_ (hPutStrLn stdout . reverse) ls
  hPrint stderr (map length ls)
  hFlush stderr
  when (length ls > 2) $ exitWith (ExitFailure 3)
  putStrLn "not reached"
