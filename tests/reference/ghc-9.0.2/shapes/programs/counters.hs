import Data.IORef
import Control.Monad (forM_, when)

data Shape = Circle Int | Rect Int Int | Group [Shape]
  deriving (Show, Eq)

data Reading = Reading { sensor :: String, value :: Int, offset :: Maybe Int }
  deriving Show

area :: Shape -> Integer
area (Circle r) = 3 * fromIntegral r * fromIntegral r
area (Rect w h) = fromIntegral w * fromIntegral h
area (Group ss) = sum (map area ss)

pythag :: Int -> [(Int, Int, Int)]
pythag n = [ (a, b, c) | c <- [1 .. n], b <- [1 .. c], a <- [1 .. b]
                       , a * a + b * b == c * c, gcd a b == 1 ]

factorial :: Integer -> Integer
factorial n = product [1 .. n]

binom :: Integer -> Integer -> Integer
binom n k = foldl (\acc i -> acc * (n - i + 1) `div` i) 1 [1 .. k]

parseAll :: [String] -> [Int]
parseAll = map read

main :: IO ()
main = do
  hits <- newIORef (0 :: Int)
  total <- newIORef (0 :: Integer)
  forM_ (pythag 40) $ \(a, b, c) -> do
    modifyIORef hits (+ 1)
    modifyIORef' total (+ fromIntegral (a * b * c))
  readIORef hits >>= print
  readIORef total >>= print
  let shapes = [Circle 3, Rect 4 (-5), Group [Circle 1, Group [Rect 2 2, Circle (-2)]]]
  print shapes
  print (map area shapes, sum (map area shapes))
  print (Reading "t1" (-40) Nothing, Reading "t2" 12 (Just (-3)))
  print [ (x, y) | x <- [-2 .. 2 :: Int], y <- "ab", odd x || y == 'b' ]
  print (concatMap (\n -> replicate n (show n)) [1 .. 4])
  print (factorial 20, binom 30 15, binom 60 30 `mod` 1000000007)
  print (map (\k -> binom 40 k) [0, 10, 20], negate (factorial 15))
  let nums = parseAll (words "17 -4 256 0 -9999 31337")
  print (nums, sum nums, maximum nums, minimum nums)
  print (read "[1,2,3]" :: [Int], read " -12 " :: Int)
  steps <- newIORef []
  let collatzLen n = length (takeWhile (/= 1) (iterate (\m -> if even m then m `div` 2
                                                          else 3 * m + 1) n))
  forM_ [1 .. 200 :: Int] $ \n -> do
    let l = collatzLen n
    when (l > 80) $ modifyIORef steps ((n, l) :)
  readIORef steps >>= print . reverse
  print (sum [ x * y `mod` 17 | x <- [1 .. 120 :: Int], y <- [x, x + 3 .. 120] ])
  print (show (-5 :: Int), show (Just (-2.5 :: Double)), [Left (-1), Right 2 :: Either Int Int])
