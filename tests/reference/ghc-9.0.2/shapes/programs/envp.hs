import System.Environment (getArgs, getProgName)
nfib :: Int -> Int
nfib n = if n < 2 then 1 else nfib (n - 1) + nfib (n - 2) + 1
main :: IO ()
main = do
  args <- getArgs
  name <- getProgName
  let n = case args of { (a:_) -> read a; [] -> 10 }
  putStrLn (name ++ " " ++ show args)
  print (nfib n)
