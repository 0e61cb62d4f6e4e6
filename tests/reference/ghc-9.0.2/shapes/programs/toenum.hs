main :: IO ()
main = do
  print (toEnum 1 :: Bool, toEnum 0 :: Ordering, map toEnum [0, 2] :: [Ordering])
  print (toEnum 5 :: Bool)
