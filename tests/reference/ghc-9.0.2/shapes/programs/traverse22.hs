-- Maybe and Either with either, maybe, mapM, sequence, traverse, zipWithM and foldM
import Control.Monad (foldM, zipWithM, when, unless, forM_)
import Data.Maybe (catMaybes, fromMaybe, listToMaybe, maybeToList, isJust)
import Data.Either (lefts, rights, partitionEithers)

safeDiv :: Int -> Int -> Maybe Int
safeDiv _ 0 = Nothing
safeDiv a b = Just (a `div` b)

parseDigit :: Char -> Either String Int
parseDigit c
  | c >= '0' && c <= '9' = Right (fromEnum c - fromEnum '0')
  | otherwise = Left ("not a digit: " ++ [c])

parseNumber :: String -> Either String Int
parseNumber "" = Left "empty"
parseNumber s = foldl (\acc d -> acc * 10 + d) 0 <$> traverse parseDigit s

budget :: Int -> [Int] -> Either String Int
budget = foldM step
  where step left cost | cost > left = Left ("cannot afford " ++ show cost ++ " with " ++ show left)
                       | otherwise = Right (left - cost)

main :: IO ()
main = do
  print (mapM (safeDiv 100) [1, 2, 5], mapM (safeDiv 100) [1, 0, 5])
  print (sequence [Just 1, Just 2, Nothing :: Maybe Int], sequence [[1, 2], [3, 4 :: Int]])
  print (traverse parseNumber ["12", "345", "6"], traverse parseNumber ["12", "3x5"])
  print (map parseNumber ["", "0042", "-1"])
  print (zipWithM safeDiv [10, 20, 30] [2, 4, 5], zipWithM safeDiv [1] [0])
  print (budget 100 [10, 20, 30], budget 50 [10, 20, 30])
  let results = map parseNumber (words "10 20 x 30 4y 50")
  print (lefts results)
  print (rights results, partitionEithers results)
  print (catMaybes [safeDiv 9 k | k <- [-3 .. 3]])
  print (fromMaybe 0 (safeDiv 1 0), maybe "none" show (safeDiv 7 2), listToMaybe [9, 8 :: Int])
  print (maybeToList (Just 'q'), isJust (safeDiv 1 1), either length negate (Left "abc" :: Either String Int))
  forM_ [1 .. 4 :: Int] $ \k -> do
    when (even k) (putStrLn ("even " ++ show k))
    unless (even k) (putStrLn ("odd " ++ show k))
  print (sum (map (either (const 0) id . parseNumber . show) [1 .. 2000 :: Int]))
  print (fmap sum (mapM (\k -> safeDiv 1000 k) [1 .. 500]))
  print (sequence_ [Just 1, Just 2 :: Maybe Int], mapM_ (safeDiv 1) [1, 0])
