import Data.Bits (shiftL, xor, (.&.))
import Data.List (foldl')
import Data.Char (ord)

djb2 :: String -> Int
djb2 = foldl' (\h c -> (h `shiftL` 5) + h + ord c) 5381

fnv :: String -> Int
fnv = foldl' step 14695981039346656037
  where step h c = (h `xor` ord c) * 1099511628211

lcg :: Int -> Int
lcg x = 6364136223846793005 * x + 1442695040888963407

rands :: Int -> [Int]
rands seed = take 5 (tail (iterate lcg seed))

mix :: Int -> Int -> Int
mix a b = go a b (10 :: Int)
  where go x y 0 = x + y
        go x y k = go (x * 31 + y) (y * 17 - x) (k - 1)

hash :: String -> Int
hash = foldl (\h c -> h * 31 + ord c) 7

main :: IO ()
main = do
  print (hash "the quick brown fox jumps over the lazy dog")
  print (maxBound :: Int)
  print ((maxBound :: Int) + 1)
  print (2 ^ 64 :: Integer, 2 ^ 64 :: Int)
  print (fromIntegral (3000000000 * 4 :: Int) :: Integer)
  mapM_ (print . djb2) ["hello", "the quick brown fox jumps over the lazy dog", replicate 40 'z']
  mapM_ (print . fnv) ["", "a", "foobar"]
  print (rands 42)
  print (map (`mod` 100) (rands 7))
  print (mix 123456789 987654321)
  print (sum [2 ^ k | k <- [60 .. 66 :: Int]] :: Int)
  print (product [1 .. 30 :: Int])
  print (foldl (*) 1 [1 .. 22 :: Int])
  print (3 ^ (50 :: Int) :: Int, 7 ^ 40 :: Int)
  print (maxBound - (minBound :: Int))
  print (1 `shiftL` 63 :: Int, 1 `shiftL` 64 :: Int)
  print ((fromIntegral (maxBound :: Int) + 1) :: Integer)
