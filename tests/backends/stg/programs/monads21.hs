-- Control.Monad and Data.List/Data.Maybe functions in everyday use: filterM, join, liftM2, ap,
-- guard, mplus/mzero, foldM, zipWithM_, ...;
-- the .stdout is runghc's (GHC 9.0.2)
import Control.Monad
import Data.IORef
import Data.Maybe (fromMaybe, mapMaybe, catMaybes, listToMaybe, maybeToList, isJust, fromJust)
import Data.List (unfoldr, foldl', sortBy, groupBy, partition, tails, isPrefixOf, isSuffixOf, isInfixOf, stripPrefix, zipWith3, intercalate, transpose, subsequences, permutations)
import Data.Char (isDigit, isAlpha, toUpper, digitToInt, intToDigit, isSpace, ord, chr)
import Data.Ord (comparing)
import Data.Function (on)

main :: IO ()
main = do
  print (filterM (const [True, False]) [1, 2, 3 :: Int])
  print (join [[1, 2], [3 :: Int]], join (Just (Just 'x')))
  print (liftM2 (+) (Just 3) (Just (4 :: Int)), ap [(+ 1), (* 2)] [10, 20 :: Int])
  print (do { x <- [1 .. 4 :: Int]; guard (even x); return (x * 10) })
  print (mplus Nothing (Just 'a'), mzero :: Maybe Int, msum [Nothing, Just 1, Just (2 :: Int)])
  r <- newIORef (0 :: Int)
  forM_ [1 .. 10] $ \i -> when (odd i) $ modifyIORef r (+ i)
  replicateM_ 3 (modifyIORef' r (* 2))
  readIORef r >>= print
  n <- foldM (\acc x -> do { when (x == 3) (putStrLn "three"); return (acc + x) }) 0 [1 .. 5 :: Int]
  print n
  zipWithM_ (\i s -> putStrLn (show i ++ ": " ++ s)) [1 :: Int ..] ["a", "b"]
  xs <- mapM (return . (* 2)) [1, 2, 3 :: Int]
  print (xs, void (Just 3), replicateM 2 "ab", sequence [Just 1, Just (2 :: Int)])
  print (mapMaybe (\x -> if x > 2 then Just (x * x) else Nothing) [1 .. 5 :: Int], catMaybes [Just 1, Nothing, Just (3 :: Int)])
  print (listToMaybe [9, 8 :: Int], maybeToList (Just 'q'), fromMaybe 0 Nothing + (1 :: Int))
  print (unfoldr (\k -> if k > 100 then Nothing else Just (k, k * 2)) (1 :: Int))
  print (sortBy (comparing snd) [(1, 'c'), (2, 'a'), (3 :: Int, 'b')], groupBy ((==) `on` (`div` 10)) [1, 5, 12, 18, 25 :: Int])
  print (partition even [1 .. 10 :: Int], take 3 (tails "abc"), stripPrefix "foo" "foobar")
  print ("ab" `isPrefixOf` "abc", "bc" `isSuffixOf` "abc", "x" `isInfixOf` "abc", zipWith3 (\a b c -> a + b + c) [1, 2] [3, 4] [5, 6 :: Int])
  print (intercalate ", " ["x", "y"], transpose ["abc", "de"], length (subsequences [1 .. 5 :: Int]), take 3 (permutations [1, 2, 3 :: Int]))
  print (map digitToInt "1a", intToDigit 11, map toUpper "hi", words "  a  b ", unwords ["p", "q"])
  print (mapM (\x -> if x > 0 then Right x else Left ("bad " ++ show x)) [1, 2, -3 :: Int])
  print (forM [1, 2 :: Int] (\x -> [x, x * 10]))
  print =<< foldM (\a b -> return (a * b)) 1 [1 .. 6 :: Integer]
  print (foldl' (flip (:)) [] "abc", iterate (`div` 2) 100 !! 3 :: Int, until (> 100) (* 3) (1 :: Int))
