import Control.Exception
import System.IO.Error (isDoesNotExistError)

writeNums :: Int -> IO ()
writeNums n = writeFile "f22.txt" (unlines (map show [1 .. n]))

addLine :: String -> IO ()
addLine s = appendFile "f22.txt" (s ++ "\n")

total :: String -> Int
total s = sum (map read (filter (all (`elem` "0123456789")) (lines s)))

readBack :: IO String
readBack = readFile "f22.txt"

main :: IO ()
main = do
  writeNums 50
  addLine "extra"
  s <- readBack
  print (length (lines s), total s, last (lines s))
  writeNums 200
  s2 <- readBack
  print (length s2, total s2)
  r <- try (readFile "nofile.txt") :: IO (Either IOException String)
  case r of
    Left e -> putStrLn ("caught: " ++ show e ++ " " ++ show (isDoesNotExistError e))
    Right _ -> putStrLn "unexpected"
  catch (ioError (userError "boom")) (\e -> putStrLn ("handler: " ++ show (e :: IOException)))
  r2 <- try (writeFile "nodir/x.txt" "x") :: IO (Either IOException ())
  print r2
