-- Cards with derived Enum/Bounded/Ord/Read, a deck shuffled by an LCG, poker hands classified
import Data.List (sort, sortBy, group, nub)
import Data.Ord (comparing, Down (..))

data Suit = Clubs | Diamonds | Hearts | Spades deriving (Show, Eq, Ord, Enum, Bounded, Read)
data Rank = Two | Three | Four | Five | Six | Seven | Eight | Nine | Ten | Jack | Queen | King | Ace
  deriving (Show, Eq, Ord, Enum, Bounded, Read)
data Card = Card { rank :: Rank, suit :: Suit } deriving (Eq, Ord)

instance Show Card where
  show (Card r s) = rankChar r : [head (show s)]
    where rankChar x = "23456789TJQKA" !! fromEnum x

data Hand = HighCard | Pair | TwoPair | Trips | Straight | Flush | FullHouse | Quads | StraightFlush
  deriving (Show, Eq, Ord, Enum, Bounded)

fullDeck :: [Card]
fullDeck = [Card r s | s <- [minBound .. maxBound], r <- [minBound .. maxBound]]

lcg :: Int -> Int
lcg x = (x * 1103515245 + 12345) `mod` 2147483648

shuffle :: Int -> [a] -> [a]
shuffle _ [] = []
shuffle seed xs = let i = seed `mod` length xs
                      (a, b : c) = splitAt i xs
                  in b : shuffle (lcg seed) (a ++ c)

chunks :: Int -> [a] -> [[a]]
chunks _ [] = []
chunks n xs = take n xs : chunks n (drop n xs)

classify :: [Card] -> Hand
classify cs
  | straight && flush = StraightFlush
  | counts == [4, 1] = Quads
  | counts == [3, 2] = FullHouse
  | flush = Flush
  | straight = Straight
  | counts == [3, 1, 1] = Trips
  | counts == [2, 2, 1] = TwoPair
  | counts == [2, 1, 1, 1] = Pair
  | otherwise = HighCard
  where
    ranks = sort (map (fromEnum . rank) cs)
    counts = sortBy (comparing Down) (map length (group ranks))
    flush = length (nub (map suit cs)) == 1
    straight = length (nub ranks) == 5 && (last ranks - head ranks == 4 || ranks == [0, 1, 2, 3, 12])

main :: IO ()
main = do
  print (length fullDeck, take 5 fullDeck, [minBound .. maxBound :: Suit])
  print (succ Two, pred Ace, [Ten ..], fromEnum King, toEnum 3 :: Rank)
  print (read "Hearts" :: Suit, read "[Jack,Queen]" :: [Rank], maxBound :: Hand)
  let hands = chunks 5 (take 50 (shuffle 2024 fullDeck))
  mapM_ (\h -> putStrLn (unwords (map show h) ++ "  " ++ show (classify h))) hands
  let deals = concat [chunks 5 (take 50 (shuffle seed fullDeck)) | seed <- [1 .. 30]]
      tally = map (\g -> (head g, length g)) (group (sort (map classify deals)))
  mapM_ print tally
  print (classify (map (\r -> Card r Hearts) [Ten .. Ace]), classify [Card r s | (r, s) <- zip [Two, Two, Two, Five, Five] [minBound ..]])
  print (sortBy (comparing Down) [Pair, Flush, HighCard, Quads], [c | c <- [Card Ace Spades, Card Two Clubs], c > Card King Hearts])
