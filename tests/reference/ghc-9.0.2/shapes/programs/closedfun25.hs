-- Local functions passed or stored inside lambdas and where functions, closed or capturing,
-- and lambdas stored in constructors a function returns
import qualified Data.Map as Map

f1 :: Int -> [Int] -> [Int]
f1 a xs = go xs
  where k y = y * 2
        go zs = map k zs ++ [a]

f3 :: Int -> [[Int]] -> [[Int]]
f3 a xss = r
  where k y = y - 1
        r = map (\xs -> a : map k xs) xss

f4 :: Int -> [[Int]] -> [[Int]]
f4 a xss = map (\xs -> a : map k xs) xss
  where k y = y - 1

f5 :: Int -> [[Int]] -> [[Int]]
f5 a xss = map (\xs -> a : map k xs) xss
  where k y = y - a

pairs :: [Int] -> [(Int -> Int, Int)]
pairs xs = map (\x -> (h, x)) xs
  where h y = y * y - 1

adder :: Int -> Maybe (Int -> Int)
adder x = Just (\y -> y + x)

tally :: [(String, Int)] -> Map.Map String (Int, Int)
tally = foldr (\(k, v) -> Map.insertWith add k (1, v)) Map.empty
  where add (a, b) (c, d) = (a + c, b + d)

main :: IO ()
main = do
  print (f1 3 [1, 2, 3], f3 1 [[1], [2, 3]], f4 1 [[1], [2, 3]], f5 1 [[1], [2, 3]])
  print (sum (map (\i -> sum (f1 i [1 .. 5]) + sum (map sum (f5 i [[i, 1], [2]]))) [1 .. 40]))
  print (map (\(f, x) -> f x) (pairs [6, 7, 8]))
  case adder 4 of
    Just g -> print (map g [1, 2, 3])
    Nothing -> return ()
  print (Map.toList (tally [(w, length w) | w <- words "a bb a ccc bb a dddd"]))
