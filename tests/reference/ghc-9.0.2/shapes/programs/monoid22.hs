import Data.Monoid

data Stats = Stats { count :: Sum Int, total :: Sum Int, biggest :: Maybe Int }
  deriving Show

stat :: Int -> (Sum Int, Product Integer, Any, All)
stat x = (Sum x, Product (fromIntegral x), Any (x > 7), All (odd x))

firstEven :: [Int] -> First Int
firstEven xs = mconcat [First (Just x) | x <- xs, even x]

lastBig :: [Int] -> Last Int
lastBig = foldMap (\x -> Last (if x > 3 then Just x else Nothing))

main :: IO ()
main = do
  let xs = [1 .. 12] :: [Int]
  print (getSum (foldMap Sum xs), getProduct (foldMap Product (take 6 xs)))
  print (mconcat (map stat xs))
  print (getFirst (firstEven [3, 5, 8, 10]), getLast (lastBig xs))
  print (getAll (foldMap (All . (> 0)) xs), getAny (foldMap (Any . (> 11)) xs))
  print (Sum 3 <> Sum (4 :: Int), mempty :: Sum Int, Product 2.5 <> Product (4 :: Double))
  print (getDual (Dual [1 :: Int] <> Dual [2]))
  print (appEndo (foldMap Endo [(+ 1), (* 2), subtract 3]) (10 :: Int))
  print (Stats (Sum 2) (Sum 10) (Just 4))
  print (First (Just 'a') <> First Nothing <> First (Just 'c'))
  print (fmap (+ 1) (Sum (1 :: Int)), Sum 1 < Sum (2 :: Int), maximum (map Sum xs))
