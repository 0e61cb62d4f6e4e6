import System.Exit
import System.IO
import Control.Monad (forM_, when)

main :: IO ()
main = do
  forM_ [1 .. 10 :: Int] $ \i -> do
    print i
    when (i == 4) $ do
      hPutStrLn stderr "stopping at 4"
      exitWith (ExitFailure 2)
  putStrLn "not reached"
