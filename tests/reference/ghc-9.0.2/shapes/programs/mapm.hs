import Control.Monad

half :: Int -> Maybe Int
half n = if even n then Just (n `div` 2) else Nothing

check :: Int -> Either String Int
check n = do
  when (n < 0) (Left ("negative: " ++ show n))
  unless (n < 100) (Left "too big")
  return n

main :: IO ()
main = do
  print (mapM half [2, 4, 6], mapM half [2, 3], sequence [Just 1, Just 2])
  print (mapM check [1, 2, 3], mapM check [1, -2, 300], forM [5, 500] check)
  print (replicateM 2 "ab", length (replicateM 3 [1 .. 4 :: Int]), sequence [[1, 2], [3 :: Int]])
  print (foldM (\acc x -> if x > 0 then Just (acc + x) else Nothing) 0 [1, 2, 3 :: Int])
  print (sequence_ [Just 1, Nothing], mapM_ half [2, 4], forM_ [1 :: Int] (const [(), ()]))
  print (replicateM_ 2 (Just 'x'))
  print (filterM (const [True, False]) [1, 2, 3 :: Int])
  print (zipWithM (\a b -> if b /= 0 then Just (a `div` b) else Nothing) [6, 8] [2, 4 :: Int])
  zipWithM_ (\i s -> putStrLn (show i ++ s)) [1 :: Int ..] ["a", "b"]
  r <- filterM (\x -> return (x > 1)) [1, 2, 3 :: Int]
  print r
