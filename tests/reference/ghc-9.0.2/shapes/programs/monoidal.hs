-- User Semigroup and Monoid instances, foldMap, mconcat and the Ordering monoid.
import Data.List (sortBy, foldl')
import Data.Ord (comparing)

data Stats = Stats { count :: Int, total :: Int, smallest :: Int, largest :: Int }
  deriving (Show, Eq)

instance Semigroup Stats where
  Stats c1 t1 s1 l1 <> Stats c2 t2 s2 l2 = Stats (c1 + c2) (t1 + t2) (min s1 s2) (max l1 l2)

instance Monoid Stats where
  mempty = Stats 0 0 maxBound minBound

single :: Int -> Stats
single x = Stats 1 x x x

newtype MaxLen = MaxLen String deriving Show

instance Semigroup MaxLen where
  MaxLen a <> MaxLen b = if length b > length a then MaxLen b else MaxLen a

instance Monoid MaxLen where
  mempty = MaxLen ""

data Person = Person { pname :: String, age :: Int, city :: String } deriving Show

people :: [Person]
people = [ Person "ann" 31 "oslo", Person "bob" 25 "rome", Person "cy" 31 "lima"
         , Person "dee" 25 "oslo", Person "ed" 40 "rome", Person "flo" 31 "oslo" ]

main :: IO ()
main = do
  print (foldMap single [5, 3, 9, 1, 7])
  print (mconcat (map single [1 .. 2000]))
  print (mempty :: Stats)
  print (foldMap (\w -> MaxLen w) (words "a quick brownish fox jumps"))
  mapM_ print (sortBy (comparing age <> comparing city <> comparing pname) people)
  print (map pname (sortBy (flip (comparing age) <> comparing pname) people))
  print (foldMap (\p -> [age p]) people, foldMap (\p -> if age p > 30 then pname p else "") people)
  print (mconcat [[1, 2], [3], [4, 5 :: Int]], mconcat ["ab", "cd"], mempty :: String)
  print ([1, 2] <> [3 :: Int], "ab" <> mempty <> "cd", compare 1 2 <> compare 3 (3 :: Int))
  let s = foldl' (\acc x -> acc <> single (x * x `mod` 97)) mempty [1 .. 3000]
  print s
  print (count s, total s `div` count s)
