import Data.Monoid

newtype MaxI = MaxI Int deriving Show
instance Semigroup MaxI where
  MaxI a <> MaxI b = MaxI (max a b)
instance Monoid MaxI where
  mempty = MaxI minBound

data Stats = Stats { count :: Int, total :: Int } deriving Show
instance Semigroup Stats where
  Stats a b <> Stats c d = Stats (a + c) (b + d)
instance Monoid Stats where
  mempty = Stats 0 0

combineAll :: Monoid m => [m] -> m
combineAll = foldr (<>) mempty

foldMapish :: Monoid m => (a -> m) -> [a] -> m
foldMapish f = go
  where
    go [] = mempty
    go (x : xs) = f x `mappend` go xs

twiceAll :: Monoid m => [m] -> m
twiceAll xs = combineAll xs <> combineAll (reverse xs)

joinAll :: Monoid m => [[m]] -> m
joinAll = mconcat . map combineAll

main :: IO ()
main = do
  print (combineAll [[1, 2], [3 :: Int]], combineAll ["ab", "cd"], combineAll (map MaxI [4, 8, 2]))
  print (getSum (combineAll (map Sum [1 .. 100 :: Int])), getAll (combineAll (map (All . even) [2, 4 :: Int])))
  print (combineAll [Just [1 :: Int], Nothing, Just [2, 3]], combineAll [("a", [1 :: Int]), ("b", [2])])
  print (combineAll [compare 1 (1 :: Int), compare 'b' 'a', LT])
  print (foldMapish (\x -> Stats 1 x) [1 .. 50], getProduct (foldMapish Product [1 .. 10 :: Integer]))
  print (twiceAll ["x", "y", "z"], twiceAll (map MaxI [3, 1]))
  print (joinAll [[Sum 1, Sum 2], [Sum (3 :: Int)]], joinAll [["a"], ["b", "c"]])
  print (getFirst (combineAll (map First [Nothing, Just 'q', Just 'r'])))
