-- IO's mapM, forM, sequence, replicateM and mapM_ at -O0: base's traverse (a foldr of
-- liftA2 (:)) and mapM_ (a foldr of >>) through IO's dictionaries; actions built under the
-- SCC of a CAF run later.
import Control.Monad (forM, forM_, replicateM)

one :: [Int]
one = [7, 8, 9]

main :: IO ()
main = do
  rs <- {-# SCC "mapMret" #-} mapM (\x -> return (x + 1)) one
  print rs
  ss <- {-# SCC "forMret" #-} forM [1 .. 100 :: Int] (\x -> return (x * 2))
  print (sum ss)
  ts <- {-# SCC "seqret" #-} sequence [return k | k <- [1 .. 100 :: Int]]
  print (sum ts)
  {-# SCC "seq_" #-} sequence_ [return () | _ <- [1 .. 100 :: Int]]
  us <- {-# SCC "replM" #-} replicateM 50 (return 'x')
  putStrLn us
  forM_ [1 .. 50 :: Int] $ \_ -> {-# SCC "mapMputStrLn" #-} mapM_ putStrLn ["x", "y", "z"]
  forM_ [1 .. 50 :: Int] $ \_ -> {-# SCC "mapMprint" #-} mapM_ print one
