main :: IO ()
main = do
  let n = read "42" :: Int
      xs = read " [1, -2 , 3] " :: [Int]
  print (n + 1, sum xs, read "(-7)" :: Integer)
  print (read "2.5" :: Double, read "-1e3" :: Double, read "7" :: Double)
  print (read "True" :: Bool, read "'x'" :: Char, read "\"hi\\nthere\"" :: String)
  print (read "[[1,2],[],[3]]" :: [[Int]], read "[\"a\",\"b\"]" :: [String])
  print (map read (words "10 20 30") :: [Int])
  print (read "0x1F" + read "0o17" :: Int)
  print (read "oops" :: Int)
