import Text.Printf (printf)
fD :: Int -> String
fD i = printf "%d" i
fF :: Double -> String
fF x = printf "%.2f" x
fW :: Double -> String
fW x = printf "%8.2f" x
fS :: String -> String
fS s = printf "%s" s
fSL :: String -> String
fSL s = printf "%-6s" s
fT :: String -> String
fT s = printf "abc %s xyz" s
fE :: Double -> String
fE x = printf "%f" x
f0, f1, f10, f100 :: String -> String
f0 s = printf "%s" s
f1 s = printf "%s" s
f10 s = printf "%s" s
f100 s = printf "%s" s
l0, l10 :: Int -> String
l0 _ = printf ""
l10 _ = printf "abcdefghij"
main :: IO ()
main = do
  mapM_ (putStrLn . fD) [7, 12345]
  mapM_ (putStrLn . fF) [50.5, 1234.567]
  mapM_ (putStrLn . fW) [50.5, 1234.567]
  mapM_ (putStrLn . fS) ["ann", "bobby"]
  mapM_ (putStrLn . fSL) ["ann", "bobby"]
  mapM_ (putStrLn . fT) ["q"]
  mapM_ (putStrLn . fE) [2.5]
  putStrLn (f0 "")
  putStrLn (f1 "a")
  putStrLn (f10 "abcdefghij")
  putStrLn (f100 (replicate 100 'z'))
  putStrLn (l0 1)
  putStrLn (l10 1)
