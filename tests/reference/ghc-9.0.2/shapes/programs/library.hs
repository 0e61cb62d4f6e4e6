import Data.List (sortOn, foldl', intercalate)
import Data.Maybe (fromMaybe)
import qualified Data.Char as C

data Genre = Fiction | Science | History | Poetry deriving (Show, Eq, Ord, Enum, Bounded)

newtype Isbn = Isbn Int deriving (Show, Eq, Ord)

data Book = Book
  { title  :: String
  , author :: String
  , genre  :: Genre
  , isbn   :: Isbn
  , pages  :: Int
  } deriving (Show, Eq)

data Loan = Loan { borrower :: String, book :: Isbn, days :: Int } deriving Show

class Describe a where
  describe :: a -> String
  describe _ = "<thing>"
  tag :: a -> String

instance Describe Book where
  describe b = title b ++ " by " ++ author b
  tag b = map C.toUpper (take 3 (show (genre b)))

instance Describe Genre where
  tag g = [head (show g)]

catalogue :: [Book]
catalogue = zipWith5 mk titles authors genres [1001 ..] [320, 210, 540, 96, 410, 150]
  where
    mk t a g i p = Book t a g (Isbn i) p
    titles = ["Dune", "Cosmos", "SPQR", "Odes", "Foundation", "Leaves"]
    authors = ["Herbert", "Sagan", "Beard", "Keats", "Asimov", "Whitman"]
    genres = [Fiction, Science, History, Poetry, Fiction, Poetry]

zipWith5 :: (a -> b -> c -> d -> e -> f) -> [a] -> [b] -> [c] -> [d] -> [e] -> [f]
zipWith5 f (a:as) (b:bs) (c:cs) (d:ds) (e:es) = f a b c d e : zipWith5 f as bs cs ds es
zipWith5 _ _ _ _ _ _ = []

findBook :: Isbn -> Maybe Book
findBook i = case filter ((== i) . isbn) catalogue of
  [] -> Nothing
  (b:_) -> Just b

fine :: Loan -> Int
fine l
  | overdue <= 0 = 0
  | overdue <= 7 = overdue * 10
  | otherwise = 70 + (overdue - 7) * 25
  where overdue = days l - 14

loans :: [Loan]
loans = [Loan n (Isbn (1001 + k `mod` 7)) (k * 3 `mod` 40) | (k, n) <- zip [1 ..] names]
  where names = concat (replicate 5 ["ann", "bo", "cy", "di"])

summary :: [Loan] -> [(String, Int)]
summary ls = sortOn (negate . snd) [(n, sum [fine l | l <- ls, borrower l == n]) | n <- ["ann", "bo", "cy", "di"]]

main :: IO ()
main = do
  mapM_ (putStrLn . describe) catalogue
  putStrLn (intercalate "," (map tag catalogue))
  putStrLn (concatMap tag [minBound .. maxBound :: Genre])
  print [(g, length (filter ((== g) . genre) catalogue)) | g <- [Fiction ..]]
  print (fmap title (findBook (Isbn 1003)), fmap title (findBook (Isbn 9)))
  print (map fine (take 6 loans))
  print (summary loans)
  let total = foldl' (\acc l -> acc + maybe 0 pages (findBook (book l))) 0 loans
  print total
  print (fromMaybe "none" (lookup "cy" (summary loans) >>= \f -> if f > 100 then Just "high" else Nothing))
  print (maximum (map pages catalogue), sum (map pages catalogue) `divMod` length catalogue)
  print (succ Fiction, pred Poetry, [Science ..], describe Fiction)
