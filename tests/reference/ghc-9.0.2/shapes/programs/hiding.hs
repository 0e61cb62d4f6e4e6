import Prelude hiding (mempty)
class Mon a where
  mempty :: a
  comb :: a -> a -> a
instance Mon Int where
  mempty = 0
  comb = (+)
main :: IO ()
main = print (comb (mempty :: Int) 5)
