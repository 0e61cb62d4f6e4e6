-- String building with show and ++: render rows, measure the lengths.
row :: Int -> String
row i = "item " ++ show i ++ ": " ++ show (i * i) ++ " (" ++ show (fromIntegral i / 3 :: Double)
        ++ ")"

table :: Int -> [String]
table n = [row i | i <- [1 .. n]]

main :: IO ()
main = do
  let t = table 12000
  print (sum (map length t))
  print (length (unwords (map show [1 .. 16000 :: Int])))
  putStrLn (last t)
