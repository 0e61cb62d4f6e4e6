import Data.Foldable (toList, foldl', for_, traverse_)
import Data.Traversable (for)

data Rose a = Rose a [Rose a] deriving Show

instance Functor Rose where
  fmap f (Rose x ks) = Rose (f x) (map (fmap f) ks)

instance Foldable Rose where
  foldMap f (Rose x ks) = f x <> mconcat (map (foldMap f) ks)

instance Traversable Rose where
  traverse f (Rose x ks) = Rose <$> f x <*> traverse (traverse f) ks

newtype Box a = Box [a] deriving Show

instance Functor Box where
  fmap f (Box xs) = Box (map f xs)

instance Foldable Box where
  foldr f z (Box xs) = foldr f z xs

instance Traversable Box where
  sequenceA (Box xs) = fmap Box (sequenceA xs)

data Two a = Two a a deriving Show

instance Functor Two where
  fmap f (Two a b) = Two (f a) (f b)

instance Foldable Two where
  foldMap f (Two a b) = f a `mappend` f b

instance Traversable Two where
  traverse f (Two a b) = Two <$> f a <*> f b

tree :: Rose Int
tree = Rose 1 [Rose 2 [Rose 4 []], Rose 3 [Rose 5 [], Rose 6 []]]

label :: Rose a -> Rose (Int, a)
label t = snd (go 0 t)
  where
    go n (Rose x ks) = let (n', ks') = goList (n + 1) ks in (n', Rose (n, x) ks')
    goList n [] = (n, [])
    goList n (k : ks) = let (n1, k') = go n k
                            (n2, ks') = goList n1 ks
                        in (n2, k' : ks')

main :: IO ()
main = do
  print (sum tree, product tree, length tree, maximum tree, elem 5 tree, toList tree)
  print (foldr (:) [] tree, foldl (flip (:)) [] tree, foldl' (+) 0 tree)
  print (traverse (\x -> if x < 10 then Just (x * 10) else Nothing) tree)
  print (fmap (fmap fst) (Just (label tree)))
  print (sequenceA (Box [Just 1, Just 2]), sequenceA (Box [Just 1, Nothing]))
  print (traverse (\x -> [x, x + 100]) (Two 1 2))
  print (sum (Two 3 4), maximum (Box "hello"), minimum (Two 'q' 'b'))
  print (mapM (\x -> if x > 0 then Right x else Left ("bad " ++ show x)) (Box [3, -1, 2]))
  r <- for (Two "a" "b") (\s -> do { putStrLn s; return (length s) })
  print r
  for_ tree print
  traverse_ print (Box [True, False])
  print (concatMap show (Two 12 34), any even tree, all odd (Box [1, 3]), null (Box []), null tree)
  print (maximum (Box ([] :: [Int])))
