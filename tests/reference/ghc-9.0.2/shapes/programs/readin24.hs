-- read of Int, Double, lists, tuples, Maybe, negative numbers; reads; readMaybe
import Text.Read (readMaybe)

data Color = Red | Green | Blue deriving (Show, Read, Eq, Ord, Enum)

parseLine :: String -> (String, Int, Double)
parseLine l = case words l of
  [n, q, p] -> (n, read q, read p)
  _ -> ("?", 0, 0)

table :: [String]
table = [ "apple " ++ show (i `mod` 17) ++ " " ++ show (fromIntegral i / 4 :: Double) | i <- [1 .. 300 :: Int] ]

main :: IO ()
main = do
  print (read "42" :: Int, read "-17" :: Int, read " 7 " :: Int, read "3.25" :: Double)
  print (read "[1,2,3]" :: [Int], read "(1,\"two\",True)" :: (Int, String, Bool))
  print (read "[(1,'a'),(2,'b')]" :: [(Int, Char)], read "Just (-3)" :: Maybe Int)
  print (read "[Red,Blue, Green]" :: [Color], read "(Red,[Just 1.5,Nothing])" :: (Color, [Maybe Double]))
  print (readMaybe "12x" :: Maybe Int, readMaybe "12" :: Maybe Int, readMaybe "Purple" :: Maybe Color)
  print (reads "5 rest" :: [(Int, String)], reads "nope" :: [(Int, String)])
  let rows = map parseLine table
      total = sum [fromIntegral q * p | (_, q, p) <- rows]
  print (length rows, total)
  let nums = map read (words "10 -20 30 -40 50 60 -70 80 90 100") :: [Int]
  print (sum nums, maximum nums, minimum nums)
  print (sum (map read (map show [1 .. 500 :: Int]) :: [Int]))
  print (read (show [1.5, -2.25, 1.0e-3 :: Double]) :: [Double])
  print (map (\s -> readMaybe s :: Maybe Double) ["1", "1.5", "-2e3", ".5", "abc"])
