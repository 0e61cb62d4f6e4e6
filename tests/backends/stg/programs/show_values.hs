module Main (main) where

-- show as GHC's derived Show instances print: negative numbers, nested data, strings

data Color = Red | Green | Blue deriving (Show, Eq, Ord)
data P = P Int Double | Q (Maybe Int) [Color] deriving Show

main :: IO ()
main = do
  print (-5 :: Int)
  print (Just (-3))
  print [Just 1, Nothing]
  print (Left 3 :: Either Int String)
  print (Right "x" :: Either Int String)
  print (P (-1) 2.5)
  print (Q (Just 2) [Red, Blue])
  print (Just (Just Nothing :: Maybe (Maybe Int)))
  print "quote\"and\\back\nnewline\ttab"
  print 'x'
  print '\''
  print "\1234\&5"
  print "\SO\&H\DEL"
  print (1.0e-2, 1.0e7, 123456.789, -0.5)
  print (minimum [3, 1, 2], maximum "hello")
  print (compare 1 2, compare Red Blue, max Green Red)
  print ((), [(1, 'a')], (True, False, "s"))
  print (show 3 ++ show (-3.5))
  print (words "  hello  brave new   world ", unwords ["a", "b"])
  print (lines "one\ntwo\n\nthree", unlines ["x", "y"])
  putStrLn (show 0.1 ++ " " ++ show (fromIntegral (7 :: Int) / 2 :: Double))
  print (fromIntegral (3 :: Int) :: Double, [1, 2] :: [Double], 2 :: Double)
