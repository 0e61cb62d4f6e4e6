-- An uncaught exception of the program's own type after output: the finalizer's line
-- first, then GHC's message and exit code 1.
import Control.Exception

data ConfigError = MissingKey String | BadValue String Int deriving Show
instance Exception ConfigError

lookupKey :: String -> [(String, Int)] -> IO Int
lookupKey k env = case lookup k env of
  Just v | v >= 0 -> return v
         | otherwise -> throwIO (BadValue k v)
  Nothing -> throwIO (MissingKey k)

main :: IO ()
main = do
  let env = [("width", 80), ("height", 24), ("depth", -1)]
  w <- lookupKey "width" env
  h <- lookupKey "height" env
  print (w * h)
  r <- try (lookupKey "depth" env)
  print (r :: Either ConfigError Int)
  (lookupKey "colour" env >>= print) `finally` putStrLn "cleaning up"
  putStrLn "not reached"
