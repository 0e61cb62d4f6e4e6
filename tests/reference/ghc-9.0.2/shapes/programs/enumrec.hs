data Suit = Clubs | Diamonds | Hearts | Spades
  deriving (Show, Eq, Ord, Enum, Bounded)

data Rank = Two | Three | Four | Five | Six | Seven | Eight | Nine | Ten
          | Jack | Queen | King | Ace
  deriving (Show, Eq, Ord, Enum, Bounded)

data Card = Card { rank :: Rank, suit :: Suit }
  deriving (Show, Eq, Ord)

data Player = Player
  { playerName :: String
  , hand :: [Card]
  , score :: Int
  , wins :: Int
  } deriving (Show, Eq)

fullDeck :: [Card]
fullDeck = [ Card r s | s <- [minBound .. maxBound], r <- [minBound .. maxBound] ]

shuffle :: Int -> [a] -> [a]
shuffle seed xs = go seed xs []
  where
    go _ [] acc = acc
    go s ys acc =
      let i = s `mod` length ys
          (front, chosen : back) = splitAt i ys
      in go ((s * 1103515245 + 12345) `mod` 2147483648) (front ++ back) (chosen : acc)

cardValue :: Card -> Int
cardValue c
  | rank c >= Jack && rank c <= King = 10
  | rank c == Ace = 11
  | otherwise = fromEnum (rank c) + 2

deal :: [Card] -> [Player] -> ([Player], [Card])
deal deck ps = foldl give ([], deck) ps
  where
    give (done, d) p = let (h, rest) = splitAt 5 d
                       in (done ++ [p { hand = h, score = sum (map cardValue h) }], rest)

playRound :: Int -> [Player] -> [Player]
playRound seed ps =
  let (dealt, _) = deal (shuffle seed fullDeck) ps
      best = maximum (map score dealt)
  in [ if score p == best then p { wins = wins p + 1 } else p | p <- dealt ]

succWrap :: (Eq a, Enum a, Bounded a) => a -> a
succWrap x = if x == maxBound then minBound else succ x

main :: IO ()
main = do
  print [minBound .. maxBound :: Suit]
  print (length fullDeck, head fullDeck, last fullDeck)
  print (map fromEnum [Two ..], [Ten ..], [Two, Four .. Ace])
  print (take 6 (iterate succWrap Queen), succWrap Ace, pred Hearts)
  print (compare (Card Ace Clubs) (Card King Spades), Card Two Hearts < Card Two Spades)
  let players = [ Player n [] 0 0 | n <- ["ann", "bob", "cy", "dee"] ]
      final = foldl (\ps s -> playRound s ps) players [1 .. 60]
  mapM_ (\p -> putStrLn (playerName p ++ " " ++ show (wins p))) final
  print (head final)
  print (maximum (shuffle 7 fullDeck), minimum (map suit (take 10 (shuffle 9 fullDeck))))
  print ([ (s, length [ c | c <- take 26 (shuffle 3 fullDeck), suit c == s ])
         | s <- [minBound .. maxBound] ])
