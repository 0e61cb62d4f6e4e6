module Main (main) where

import Data.List (sortBy, insert, partition, intersperse, isPrefixOf, isSuffixOf)
import Data.Maybe (mapMaybe, catMaybes, fromMaybe)
import Control.Monad (when, unless, forM_)

-- pattern guards, bang patterns, pattern bindings, string patterns, the rest of the Prelude

(q0, r0) = 17 `divMod` 5

describe :: String -> String
describe "hello" = "greeting"
describe ('#' : rest) = "tag " ++ rest
describe s
  | Just n <- lookup s table = "number " ++ show n
  | otherwise = "unknown"
  where table = [("one", 1), ("two", 2)]

mean :: [Double] -> Double
mean = go 0 0
  where
    go !s !n [] = s / fromIntegral n
    go !s !n (x:xs) = go (s + x) (n + 1) xs

digits :: Int -> [Int]
digits 0 = []
digits n = let (q, r) = n `divMod` 10 in digits q ++ [r]

main :: IO ()
main = do
  print (q0, r0)
  mapM_ (putStrLn . describe) ["hello", "#tag", "two", "zzz"]
  print (mean [1.0, 2.0, 3.0, 4.0])
  print (digits 90210)
  print (scanl (+) 0 [1, 2, 3], scanr (+) 0 [1, 2, 3], scanl1' [3, 1, 2])
  print (sortBy (\a b -> compare b a) [3, 1, 2], insert 3 [1, 2, 4, 5])
  print (partition even [1 .. 10], intersperse ',' "abc")
  print ("ab" `isPrefixOf` "abc", "bc" `isSuffixOf` "abc")
  print (mapMaybe (\x -> if x > 1 then Just (x * 10) else Nothing) [1, 2, 3])
  print (catMaybes [Just 'a', Nothing, Just 'b'], fromMaybe 0 Nothing)
  print (foldr1 (-) [10, 3, 2], foldl1 (-) [10, 3, 2], zipWith (*) [1, 2, 3] [4, 5, 6])
  forM_ [1, 2] $ \i -> when (i > 1) $ putStrLn ("i = " ++ show i)
  unless False (putStrLn "unless")
  xs <- mapM (\x -> return (x * 2)) [1, 2, 3]
  print xs
  sequence_ [putStr "a", putStr "b", putStrLn "c"]
  print (fst <$> Just' (1, 2))
  print (succ 'a', pred 10, fromEnum 'A', toUpper' "shout")
  print (sqrt 2, pi, 10 / 4, 2 ** 10, exp 0)
  where
    scanl1' (x:xs) = scanl min x xs
    toUpper' = map (\c -> if c >= 'a' && c <= 'z' then toEnum' (fromEnum c - 32) else c)
    toEnum' = toEnum''
    toEnum'' n = ['\0' ..] !! n
    fst <$> Just' p = Just' (fst p)

data J a = Just' a deriving Show
