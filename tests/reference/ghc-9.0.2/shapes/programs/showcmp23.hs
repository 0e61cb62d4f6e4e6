module Main (main) where

import qualified Data.Map as M
import qualified Data.Set as S

-- show of base's nullary constructors, and comparisons of base's types
data Shape = Circle Double | Square Double deriving (Show, Eq, Ord)

classify :: Int -> Ordering
classify n = compare n 10

main :: IO ()
main = do
  let xs = [3, 10, 17, 10, 1] :: [Int]
      flags = map even xs
  print flags
  mapM_ print (take 3 flags)
  putStrLn (show (and flags) ++ " " ++ show (or flags))
  mapM_ (print . classify) xs
  print (map classify xs)
  print ()
  print (Just 3 < (Nothing :: Maybe Int), Just 'a' < Just 'b', compare (Just 2) (Just (2 :: Int)))
  print (Left 1 < (Right "x" :: Either Int String), [Just 1, Nothing] < [Just (1 :: Int)])
  print (maximum [Just 3, Nothing, Just (7 :: Int)], minimum [Right 'q', Left (2 :: Int)])
  print (compare (Circle 1) (Square 0.5), max (Circle 2) (Circle 3), Square 1 /= Square 1)
  print (filter (/= Nothing) [Just True, Nothing, Just False])
  print (length (filter (\x -> compare x 10 == GT) xs), [LT ..], succ False)
  -- containers' fromList tests the keys' order with >= (a program's type: its >= entered)
  print (M.toList (M.fromList [(Circle 1, 'a'), (Circle 2, 'b'), (Square 1, 'c'), (Circle 0, 'd')]))
  print (S.toList (S.fromList [Square 3, Square 1, Circle 5, Circle 6, Square 2]))
