import Control.Monad (foldM_, msum, void, forever, forM_)
import Data.Foldable (traverse_, for_)

main :: IO ()
main = do
  print (msum [Nothing, Just 3, Just (4 :: Int)])
  print (msum [[1, 2], [], [3 :: Int]])
  foldM_ (\acc x -> do { print (acc + x); return (acc + x) }) 0 [1 .. 5 :: Int]
  traverse_ print [True, False]
  for_ [1, 2, 3 :: Int] print
  void (return (3 :: Int))
  r <- void (print 'v')
  print r
  traverse_ (\i -> print (i * i)) [1 .. 300 :: Int]
