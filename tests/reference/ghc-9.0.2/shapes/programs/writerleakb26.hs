-- A Writer leak: a log of lines told by Control.Monad.Writer over a computation, kept
-- whole as a list (appended to by ++) until it is written out at the end.
import Control.Monad.Writer

collatz :: Int -> Writer [String] Int
collatz 1 = return 0
collatz n = do
  tell ["at " ++ show n]
  k <- collatz (if even n then n `div` 2 else 3 * n + 1)
  return (k + 1)

main :: IO ()
main = do
  let (steps, logs) = runWriter (mapM collatz [1 .. 120])
  print (sum steps)
  print (length logs)
  print (sum (map length logs))
