-- the list monad: replicateM, do blocks with guards, zip3/unzip3, either/maybe, ranges
import Control.Monad (replicateM, guard, mplus, mzero, filterM, zipWithM_)
import Data.Maybe (mapMaybe, catMaybes, fromMaybe)

pythag :: Int -> [(Int, Int, Int)]
pythag n = do
  a <- [1 .. n]
  b <- [a .. n]
  c <- [b .. n]
  guard (a * a + b * b == c * c)
  return (a, b, c)

coins :: Int -> [[Int]]
coins 0 = [[]]
coins n = [c : rest | c <- [1, 2, 5], c <= n, rest <- coins (n - c), all (<= c) rest]

sendMore :: [(Int, Int)]
sendMore = do
  x <- [1 .. 9]
  y <- [0 .. 9]
  guard (x /= y)
  let xy = 10 * x + y
  guard (xy * 3 `mod` 7 == 1) `mplus` mzero
  return (x, y)

safeDiv :: Int -> Int -> Either String Int
safeDiv _ 0 = Left "div by zero"
safeDiv a b = Right (a `div` b)

halve :: Int -> Maybe Int
halve n = if even n then Just (n `div` 2) else Nothing

main :: IO ()
main = do
  print (replicateM 2 "abc")
  print (length (replicateM 4 [0, 1 :: Int]), filter ((== 2) . sum) (replicateM 3 [0, 1 :: Int]))
  print (pythag 30)
  print (length (coins 12), take 5 (coins 7))
  print sendMore
  print (filterM (const [True, False]) [1, 2, 3 :: Int])
  let (as, bs, cs) = unzip3 [(x, x * 2, show x) | x <- [1 .. 6 :: Int]]
  print (zip3 as (reverse bs) cs)
  print (map (either length (* 10)) [safeDiv 10 2, safeDiv 1 0, safeDiv (-9) 4])
  print (map (maybe "none" show . halve) [4, 7, 10], mapMaybe halve [1 .. 10], catMaybes [Just 1, Nothing, Just (3 :: Int)])
  print (fromMaybe 0 (halve 9 >>= halve), halve 8 >>= halve >>= halve)
  print (['a' .. 'j'], ['a', 'c' .. 'k'], ['z', 'x' .. 'p'])
  print ([1.0, 1.5 .. 3.0 :: Double], [0.1, 0.2 .. 0.5 :: Double], [10, 8 .. 1 :: Int])
  print (do { x <- [1, 2, 3]; y <- "ab"; return (x :: Int, y) })
  print [(x, y) | Just x <- [Just 1, Nothing, Just (3 :: Int)], y <- [x .. 3]]
  zipWithM_ (\i s -> putStrLn (show i ++ ". " ++ s)) [1 :: Int ..] ["alpha", "beta", "gamma"]
  print (sequence [[1, 2], [3], [4, 5 :: Int]], concat <$> mapM (\x -> [[x], [x, x]]) [7, 8 :: Int])
  print (sum [a * b * c | (a, b, c) <- pythag 60])
