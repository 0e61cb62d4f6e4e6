-- A counter kept in an IORef updated with the lazy modifyIORef: a chain of (+) thunks
-- grows until the value is read; then the same with modifyIORef'.
import Data.IORef
import Control.Monad (forM_)

main :: IO ()
main = do
  ref <- newIORef (0 :: Int)
  forM_ [1 .. 30000] $ \i -> modifyIORef ref (+ (i `mod` 7))
  readIORef ref >>= print
  hits <- newIORef (0 :: Int)
  forM_ [1 .. 60000] $ \i -> modifyIORef' hits (+ (i `mod` 3))
  readIORef hits >>= print
  log' <- newIORef []
  forM_ [1 .. 5000 :: Int] $ \i -> modifyIORef log' (show i :)
  readIORef log' >>= print . length . concat
