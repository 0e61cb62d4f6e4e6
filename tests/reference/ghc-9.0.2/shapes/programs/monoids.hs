data Stats = Stats { count :: Int, total :: Int, biggest :: Int } deriving Show

instance Semigroup Stats where
  Stats c1 t1 b1 <> Stats c2 t2 b2 = Stats (c1 + c2) (t1 + t2) (max b1 b2)

instance Monoid Stats where
  mempty = Stats 0 0 minBound

stat :: Int -> Stats
stat x = Stats 1 x x

newtype MaxI = MaxI Int deriving Show

instance Semigroup MaxI where
  MaxI a <> MaxI b = MaxI (max a b)

main :: IO ()
main = do
  let s = mconcat (map stat [3, 1, 4, 1, 5, 9, 2, 6])
  print s
  print (stat 1 <> stat 2 <> mempty)
  print (mappend (stat 7) (stat 8))
  print (foldr (<>) (MaxI 0) [MaxI 3, MaxI 8, MaxI 2])
  print (mempty :: Stats)
