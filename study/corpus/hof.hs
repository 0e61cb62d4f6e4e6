module Main (main) where

-- Higher-order functions: composition, partial application, functions in lists, folds
-- that build functions.
compose :: [a -> a] -> a -> a
compose = foldr (.) id

twice :: (a -> a) -> a -> a
twice f = f . f

pipeline :: [Int -> Int]
pipeline = [(+ 3), (* 2), twice (subtract 1), (`mod` 1000)]

sumBy :: (Int -> Int) -> [Int] -> Int
sumBy f = foldr (\x acc -> f x + acc) 0

main :: IO ()
main = do
  let xs = [1 .. 800]
      run = compose pipeline
  putStrLn ("pipeline " ++ show (sumBy run xs))
  putStrLn ("odd squares " ++ show (sumBy (\x -> x * x) (filter odd xs)))
  putStrLn ("applied " ++ unwords (map (\f -> show (f 10)) pipeline))
  putStrLn ("zipped " ++ show (sum (zipWith (\f x -> f x) (cycle pipeline) xs)))
