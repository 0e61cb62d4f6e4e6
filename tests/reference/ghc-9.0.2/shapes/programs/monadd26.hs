import Control.Monad.State

newtype Counter a = Counter (Int -> (a, Int))

runCounter :: Counter a -> Int -> (a, Int)
runCounter (Counter f) = f

instance Functor Counter where
  fmap f (Counter g) = Counter (\n -> let (a, n') = g n in (f a, n'))
instance Applicative Counter where
  pure x = Counter (\n -> (x, n))
  Counter f <*> Counter g = Counter (\n -> let (h, n1) = f n; (a, n2) = g n1 in (h a, n2))
instance Monad Counter where
  Counter g >>= k = Counter (\n -> let (a, n1) = g n in runCounter (k a) n1)

tick :: Counter Int
tick = Counter (\n -> (n, n + 1))

pairUp :: Monad m => m a -> m b -> m (a, b)
pairUp ma mb = do
  a <- ma
  b <- mb
  return (a, b)

triple :: Monad m => m a -> m [a]
triple m = do
  xs <- replicateM 3 m
  let n = length xs
  when (n > 5) (return ())
  return xs

sumM :: Monad m => (Int -> m Int) -> [Int] -> m Int
sumM f = foldM (\acc x -> f x >>= \y -> return (acc + y)) 0

chain :: Monad m => m Int -> m Int
chain m = pairUp m m >>= \(a, b) -> pure (a * 10 + b)

safeDiv :: Int -> Int -> Maybe Int
safeDiv _ 0 = Nothing
safeDiv a b = Just (a `div` b)

checked :: Int -> Either String Int
checked x = if x > 100 then Left ("too big: " ++ show x) else Right (x * 2)

main :: IO ()
main = do
  print (pairUp (safeDiv 10 2) (safeDiv 7 1), pairUp (safeDiv 1 0) (Just 'x'), pairUp [1, 2 :: Int] "ab")
  print (pairUp (checked 3) (checked 4), pairUp (checked 300) (checked 1))
  print (triple (Just 'q'), length (triple [1, 2 :: Int]), triple (Right 5 :: Either String Int))
  print (sumM (\x -> safeDiv 100 x) [1 .. 10], sumM (\x -> safeDiv 100 x) [3, 0], sumM checked [1 .. 20])
  print (runCounter (chain tick) 4, runCounter (triple tick) 0, runCounter (sumM (\x -> fmap (+ x) tick) [1 .. 5]) 10)
  print (evalState (chain (state (\s -> (s, s + 1)))) 7, runState (triple (modify (* 2) >> get)) 1)
  p <- pairUp (return 1) (return 'x')
  print (p :: (Int, Char))
  xs <- triple (return "io")
  print xs
  print (chain [1, 2], chain (Just 3))
