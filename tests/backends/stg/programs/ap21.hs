-- Control.Monad's ap in IO, at lists and at Maybe;
-- the .stdout is runghc's (GHC 9.0.2)
import Control.Monad
main :: IO ()
main = do
  f <- return (+ 1)
  r <- ap (return f) (return (41 :: Int))
  print r
  print (ap [(+ 1), (* 2)] [10, 20 :: Int], ap (Just negate) (Just (3 :: Int)))
  print =<< (return (* 2) `ap` return (21 :: Int))
