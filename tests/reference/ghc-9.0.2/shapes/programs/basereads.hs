import Control.Monad
main :: IO ()
main = do
  n <- fmap read getLine :: IO Int
  replicateM_ n (getLine >>= putStrLn)
