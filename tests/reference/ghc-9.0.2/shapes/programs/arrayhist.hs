-- Arrays: accumArray histograms, incremental (//) updates, a 2D grid, digit conversions.
import Data.Array
import Data.Char (digitToInt, intToDigit, isDigit)
import Numeric (showIntAtBase)

histogram :: [Int] -> Array Int Int
histogram xs = accumArray (+) 0 (0, 9) [ (x `mod` 10, 1) | x <- xs ]

grid :: Int -> Array (Int, Int) Char
grid n = listArray ((0, 0), (n - 1, n - 1)) (cycle ".#..")

neighbours :: Array (Int, Int) Char -> (Int, Int) -> Int
neighbours g (r, c) = length [ () | dr <- [-1, 0, 1], dc <- [-1, 0, 1], (dr, dc) /= (0, 0)
                                  , let p = (r + dr, c + dc), inRange (bounds g) p, g ! p == '#' ]

toBase :: Int -> Int -> String
toBase b n = showIntAtBase b intToDigit n ""

fromBase :: Int -> String -> Int
fromBase b = foldl (\acc c -> acc * b + digitToInt c) 0

digitSum :: String -> Int
digitSum = sum . map digitToInt . filter isDigit

main :: IO ()
main = do
  let h = histogram [ k * k + 3 | k <- [1 .. 2000] ]
  print (elems h)
  print (bounds h, h ! 4)
  let h2 = h // [ (i, 0) | i <- [0, 2 .. 8] ]
  print (assocs h2)
  let g = grid 12
  putStrLn (take 12 (elems g))
  print (sum [ neighbours g p | p <- indices g ])
  print (maximum [ (neighbours g p, p) | p <- range ((0, 0), (11, 11)) ])
  print (map (toBase 2) [5, 255, 1024], toBase 16 48879, fromBase 2 "101101", fromBase 16 "ff")
  print (digitSum "a1b2c3d4", sum (map (digitSum . show) [1 .. 3000 :: Int]))
  let counts = accumArray (flip (:)) [] ('a', 'e') [ (c, i) | (i, c) <- zip [0 :: Int ..] "abacabadabacabae" ]
  print counts
  print (fmap length counts, sum (fmap sum counts))
