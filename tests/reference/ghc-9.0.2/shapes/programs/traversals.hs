-- Traversable/Foldable and Control.Monad at lists, Maybe, Either and IO (issue 18)
import Control.Monad (filterM, foldM, forM, replicateM, unless, when, zipWithM)
import Data.Foldable (asum, foldl', for_, sequenceA_, toList, traverse_)
import Data.Traversable (for, traverse)

safeDiv :: Int -> Int -> Maybe Int
safeDiv _ 0 = Nothing
safeDiv a b = Just (a `div` b)

parseDigit :: Char -> Either String Int
parseDigit c
  | c >= '0' && c <= '9' = Right (fromEnum c - fromEnum '0')
  | otherwise = Left ("not a digit: " ++ [c])

positive :: Int -> Maybe Int
positive n = if n > 0 then Just n else Nothing

powerset :: [a] -> [[a]]
powerset = filterM (const [True, False])

main :: IO ()
main = do
  print (traverse positive [1 .. 20])
  print (traverse positive [3, 2, 1, 0, -1])
  print (traverse parseDigit "20231127")
  print (traverse parseDigit "12x4")
  print (sequenceA [Just 1, Just 2, Just (3 :: Int)])
  print (sequenceA [[1, 2], [3, 4 :: Int]])
  print (asum [Nothing, positive (-2), positive 5, positive 7])
  print (mapM (safeDiv 100) [1 .. 10])
  print (forM [5, 0, 2] (safeDiv 10))
  print (zipWithM safeDiv [10, 20, 30] [2, 5, 3])
  print (foldM (\acc x -> safeDiv acc x) 1000000 [2, 5, 10])
  print (foldM (\acc x -> if x > acc then Right x else Left (acc, x)) 0 [1, 3, 7, 5 :: Int])
  print (length (powerset [1 .. 10 :: Int]), take 5 (powerset "abc"))
  print (replicateM 3 "01")
  print (toList (Just 'x'), toList (Nothing :: Maybe Int), sum (Just (41 :: Int)))
  print (length (Just ()), null Nothing, elem 3 (Just (3 :: Int)), maximum (Just 'q'))
  print (foldl' (+) 0 [1 .. 1000 :: Int])
  rs <- for [1, 2, 3 :: Int] (\i -> do
    when (i == 2) (putStrLn "two")
    return (i * i))
  print rs
  ys <- traverse (\s -> return (length s)) (words "the quick brown fox")
  print ys
  traverse_ print (Just "just")
  for_ [1 .. 3 :: Int] (\i -> unless (odd i) (print i))
  sequenceA_ [putStr "a", putStr "b", putStrLn "c"]
