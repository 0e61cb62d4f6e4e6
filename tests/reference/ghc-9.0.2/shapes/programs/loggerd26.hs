import Control.Monad.State

class Monad m => MonadLogger m where
  logMsg :: String -> m ()

instance MonadLogger IO where
  logMsg s = putStrLn ("[io] " ++ s)

newtype Pure a = Pure ([String] -> (a, [String]))
runPure :: Pure a -> (a, [String])
runPure (Pure f) = let (a, l) = f [] in (a, reverse l)
instance Functor Pure where
  fmap f (Pure g) = Pure (\l -> let (a, l') = g l in (f a, l'))
instance Applicative Pure where
  pure x = Pure (\l -> (x, l))
  Pure f <*> Pure g = Pure (\l -> let (h, l1) = f l; (a, l2) = g l1 in (h a, l2))
instance Monad Pure where
  Pure g >>= k = Pure (\l -> let (a, l1) = g l; Pure h = k a in h l1)
instance MonadLogger Pure where
  logMsg s = Pure (\l -> ((), s : l))

process :: MonadLogger m => [Int] -> m Int
process xs = do
  logMsg ("start with " ++ show (length xs))
  let s = sum xs
  when (s > 10) $ logMsg "big"
  logMsg "done"
  return s

main :: IO ()
main = do
  n <- process [1 .. 5]
  print n
  print (runPure (process [1, 2]))
