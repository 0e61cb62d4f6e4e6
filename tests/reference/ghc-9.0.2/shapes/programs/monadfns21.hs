-- Control.Monad functions the subset lacked: guard in list and Maybe do blocks, join,
-- liftM/liftM2/ap, (>=>)/(<=<), (<$!>), mplus/mzero.
import Control.Monad

triples :: Int -> [(Int, Int, Int)]
triples n = do
  a <- [1 .. n]
  b <- [a .. n]
  c <- [b .. n]
  guard (a * a + b * b == c * c)
  return (a, b, c)

safeDiv :: Int -> Int -> Maybe Int
safeDiv _ 0 = Nothing
safeDiv a b = Just (a `div` b)

checked :: Int -> Maybe Int
checked x = do
  y <- safeDiv 1000 x
  guard (y > 10)
  return (y - 10)

halve :: Int -> Maybe Int
halve x = if even x then Just (x `div` 2) else Nothing

pipeline :: [Int] -> [Maybe Int]
pipeline = map (halve >=> halve >=> checked)

combine :: [Int] -> [Maybe Int]
combine xs = zipWith (liftM2 (+)) (map checked xs) (map (checked <=< halve) xs)

flat :: Int -> [Int]
flat n = join [[k, k * 2] | k <- [1 .. n]]

main :: IO ()
main = do
  print (length (triples 60), take 3 (triples 60))
  print (length [() | Just _ <- pipeline [1 .. 2000]])
  print (sum [v | Just v <- combine [1 .. 2000]])
  print (sum (flat 3000), liftM (* 2) (Just 21), ap [(+ 1)] [1, 2 :: Int])
  print (mplus Nothing (Just 'x'), mzero :: [Int], msum [[1], [2, 3 :: Int]])
  n <- length <$!> return (flat 100)
  print n
