main :: IO ()
main = do
  print (length [1 .. 10 :: Int])
  putStrLn "hello world"
  print (sum [1 .. 10 :: Int])
  mapM_ print [1 .. 10 :: Int]
