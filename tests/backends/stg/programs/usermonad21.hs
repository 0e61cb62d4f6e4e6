-- Control.Monad's liftM2/liftM/join/ap/(>=>)/(<=<)/(<$!>) at a program's own monad, Maybe and
-- IO;
-- the .stdout is runghc's (GHC 9.0.2)
import Control.Monad

newtype Counter a = Counter (Int -> (a, Int))

runCounter :: Counter a -> Int -> (a, Int)
runCounter (Counter f) = f

instance Functor Counter where
  fmap f (Counter g) = Counter (\s -> let (a, s') = g s in (f a, s'))
instance Applicative Counter where
  pure x = Counter (\s -> (x, s))
  Counter f <*> Counter g = Counter (\s -> let (h, s1) = f s; (a, s2) = g s1 in (h a, s2))
instance Monad Counter where
  Counter g >>= k = Counter (\s -> let (a, s') = g s in runCounter (k a) s')

tick :: Counter Int
tick = Counter (\s -> (s, s + 1))


safeDiv :: Int -> Int -> Maybe Int
safeDiv _ 0 = Nothing
safeDiv a b = Just (a `div` b)

main :: IO ()
main = do
  print (fst (runCounter (liftM2 (+) tick tick) 10), fst (runCounter (liftM (* 2) tick) 3))
  print (fst (runCounter (join (pure tick)) 7), fst (runCounter (ap (pure negate) tick) 4))
  let half x = if even x then Just (x `div` 2) else Nothing
  print (map (half >=> half) [4, 6, 8 :: Int], map (half <=< safeDiv 100) [5, 7, 0])
  print (do { x <- safeDiv 10 2; guard (x > 3); return x }, do { x <- safeDiv 10 5; guard (x > 3); return x })
  r <- (+ 1) <$!> return (41 :: Int)
  print r
  print (fst (runCounter ((>=>) (\x -> fmap (+ x) tick) (\y -> pure (y * 2)) 5) 1))
