-- Type classes with superclasses, default methods and a container class.
class Describable a where
  describe :: a -> String
  describe _ = "<thing>"
  name :: a -> String

class Describable a => Priced a where
  cost :: a -> Int
  discounted :: Int -> a -> Int
  discounted pct x = cost x * (100 - pct) `div` 100

data Book = Book String Int
data Fruit = Apple | Banana | Cherry deriving (Show, Eq, Enum, Bounded)

instance Describable Book where
  name (Book t _) = t
  describe b = "book " ++ show (name b)
instance Priced Book where
  cost (Book _ p) = p

instance Describable Fruit where
  name = show
instance Priced Fruit where
  cost Apple = 3
  cost Banana = 2
  cost Cherry = 10
  discounted pct x = if x == Cherry then 9 else cost x * (100 - pct) `div` 100

class Container f where
  empty :: f a
  insert :: a -> f a -> f a
  toL :: f a -> [a]
  size :: f a -> Int
  size = length . toL

newtype Stack a = Stack [a]
newtype Queue a = Queue ([a], [a])

instance Container Stack where
  empty = Stack []
  insert x (Stack xs) = Stack (x : xs)
  toL (Stack xs) = xs

instance Container Queue where
  empty = Queue ([], [])
  insert x (Queue (f, b)) = Queue (f, x : b)
  toL (Queue (f, b)) = f ++ reverse b
  size (Queue (f, b)) = length f + length b

fill :: Container f => f a -> [a] -> f a
fill = foldr insert

receipt :: Priced a => [a] -> (String, Int)
receipt xs = (unwords (map name xs), sum (map (discounted 10) xs))

main :: IO ()
main = do
  let books = [Book "Dune" 120, Book "Emma" 80]
  putStrLn (describe (head books))
  putStrLn (describe Cherry ++ " " ++ name Cherry)
  print (receipt books)
  print (receipt [minBound .. maxBound :: Fruit])
  print (map (discounted 50) [Apple ..], map cost [Apple ..])
  let s = fill (Stack []) [1 .. 10 :: Int]
      q = fill (Queue ([], [])) "queue"
  print (toL s, size s)
  print (toL q, size q)
  print (toL (insert 0 s), toL (insert '!' q))
  let bigS = fill (Stack []) [1 .. 4000 :: Int]
      bigQ = foldr insert (empty :: Queue Int) [1 .. 4000]
  print (sum (toL bigS), size bigS, sum (toL bigQ), size bigQ)
  print (sum [ snd (receipt (replicate k Banana)) | k <- [1 .. 60] ])
