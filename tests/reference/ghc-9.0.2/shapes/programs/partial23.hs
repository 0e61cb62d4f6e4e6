import Control.Exception
main = do
  r <- try (print [1, 2, error "x" :: Int]) :: IO (Either ErrorCall ())
  putStrLn (either (const "|caught") (const "|no") r)
  putStrLn ("ab" ++ show (length [1, 2, 3 :: Int]) ++ error "y")
