import Text.Printf (printf)

class Container f where
  cinsert :: a -> f a -> f a
  ctoList :: f a -> [a]

newtype Stack a = Stack [a]
data Queue a = Queue [a] [a]

instance Container Stack where
  cinsert x (Stack xs) = Stack (x : xs)
  ctoList (Stack xs) = xs

instance Container Queue where
  cinsert x (Queue f b) = Queue f (x : b)
  ctoList (Queue f b) = f ++ reverse b

fill :: Container f => [a] -> f a -> f a
fill xs c = foldr cinsert c xs

class Semi a where
  (<+>) :: a -> a -> a

instance Semi Int where
  (<+>) = (+)

instance Semi a => Semi (Maybe a) where
  Just a <+> Just b = Just (a <+> b)
  Nothing <+> y = y
  x <+> Nothing = x

combineAll :: Semi a => a -> [a] -> a
combineAll = foldr (<+>)

main :: IO ()
main = do
  print (ctoList (fill [1, 2, 3 :: Int] (Stack [])), ctoList (fill "abc" (Queue "x" "")))
  print (combineAll (0 :: Int) [1, 2, 3], combineAll Nothing [Just (1 :: Int), Nothing, Just 4])
  let s = printf "%c|%5.1f|%s|%d" 'q' (2.25 :: Double) (show [1, 2 :: Int]) (10 ^ 20 :: Integer) :: String
  putStrLn s
  printf "%d%%\n" (length s)
