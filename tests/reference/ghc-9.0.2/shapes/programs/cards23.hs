-- a deck of cards from derived Enum/Bounded: [minBound .. maxBound], shuffling with an LCG,
-- classifying poker hands
import Data.List (sortBy, group, sort, unfoldr)
import Data.Ord (comparing)

data Suit = Clubs | Diamonds | Hearts | Spades deriving (Show, Eq, Ord, Enum, Bounded)
data Rank = Two | Three | Four | Five | Six | Seven | Eight | Nine | Ten | Jack | Queen | King | Ace
  deriving (Show, Eq, Ord, Enum, Bounded)
data Card = Card { rank :: Rank, suit :: Suit } deriving (Eq, Ord)

instance Show Card where
  show (Card r s) = rankChar r : [head (show s)]
    where rankChar x = "23456789TJQKA" !! fromEnum x

data Hand = HighCard | Pair | TwoPair | Trips | Straight | Flush | FullHouse | Quads | StraightFlush
  deriving (Show, Eq, Ord, Enum, Bounded)

allValues :: (Bounded a, Enum a) => [a]
allValues = [minBound .. maxBound]

deck :: [Card]
deck = [Card r s | s <- allValues, r <- allValues]

lcg :: Int -> Int
lcg x = (x * 1103515245 + 12345) `mod` 2147483648

shuffle :: Int -> [a] -> [a]
shuffle seed xs = map snd (sortBy (comparing fst) (zip (randoms seed) xs))
  where randoms = tail . iterate lcg

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
    rs = sort (map rank cs)
    counts = sortBy (flip compare) (map length (group rs))
    flush = all ((== suit (head cs)) . suit) cs
    straight = and (zipWith (\a b -> fromEnum a + 1 == fromEnum b) rs (tail rs)) || rs == [Two, Three, Four, Five, Ace]

hands :: [a] -> [[a]]
hands = unfoldr (\xs -> if length xs < 5 then Nothing else Just (splitAt 5 xs))

main :: IO ()
main = do
  print (length deck, head deck, last deck)
  print (allValues :: [Suit])
  print ([minBound .. maxBound :: Hand], fromEnum (maxBound :: Rank), toEnum 3 :: Suit)
  print ([Ten ..], [Two, Four .. Ace], succ Jack, pred Ace, [Queen, Jack .. Eight])
  let sh = shuffle 42 deck
  print (take 10 sh)
  let hs = hands sh
  mapM_ (\h -> putStrLn (unwords (map show h) ++ "  " ++ show (classify h))) hs
  print (classify [Card r Hearts | r <- [Ten .. Ace]], classify [Card Ace s | s <- allValues] )
  print (classify (map (\r -> Card r Spades) [Two, Three, Four, Five] ++ [Card Ace Clubs]))
  let many = concatMap (hands . (`shuffle` deck)) [1 .. 30]
      tally = [(h, length (filter ((== h) . classify) many)) | h <- allValues]
  print (filter ((> 0) . snd) tally)
  print (maximum (map classify many), minimum sh, maximum sh)
