-- a text adventure as a state machine: commands folded with foldl', rooms by Enum/Bounded
import Data.List (foldl', intercalate)
import Data.Char (toLower, toUpper)

data Room = Hall | Kitchen | Cellar | Garden | Tower deriving (Show, Eq, Ord, Enum, Bounded)
data Dir = North | South | East | West | Up | Down deriving (Show, Eq, Enum, Bounded)
data Item = Key | Lamp | Apple deriving (Show, Eq, Ord)

data Game = Game
  { room :: Room
  , inventory :: [Item]
  , items :: [(Room, Item)]
  , moves :: Int
  , messages :: [String]
  , locked :: Bool
  }

exits :: Room -> [(Dir, Room)]
exits Hall = [(North, Kitchen), (East, Garden), (Down, Cellar)]
exits Kitchen = [(South, Hall)]
exits Cellar = [(Up, Hall)]
exits Garden = [(West, Hall), (Up, Tower)]
exits Tower = [(Down, Garden)]

parseDir :: String -> Maybe Dir
parseDir w = lookup (map toLower w) [(map toLower (show d), d) | d <- [minBound .. maxBound]]

say :: String -> Game -> Game
say m g = g { messages = m : messages g }

command :: Game -> String -> Game
command g line = case words line of
  ["go", w] -> maybe (say ("no direction " ++ w) g) (go g) (parseDir w)
  ["take", w] -> takeItem w g
  ["look"] -> say (look g) g
  ["unlock"] | Key `elem` inventory g && room g == Garden -> say "click" g { locked = False }
             | otherwise -> say "nothing to unlock" g
  [] -> g
  _ -> say ("what is " ++ show line ++ "?") g

go :: Game -> Dir -> Game
go g d = case lookup d (exits (room g)) of
  Nothing -> say ("cannot go " ++ show d) g
  Just Tower | locked g -> say "the tower is locked" g
  Just Cellar | Lamp `notElem` inventory g -> say "too dark" g
  Just r -> say ("you enter the " ++ show r) g { room = r, moves = moves g + 1 }

takeItem :: String -> Game -> Game
takeItem w g =
  case [i | (r, i) <- items g, r == room g, map toLower (show i) == w] of
    (i : _) -> say ("taken " ++ show i) g { inventory = i : inventory g,
                                            items = filter (/= (room g, i)) (items g) }
    [] -> say ("no " ++ w ++ " here") g

look :: Game -> String
look g = show (room g) ++ ": exits " ++ intercalate "," (map (show . fst) (exits (room g)))
         ++ case [i | (r, i) <- items g, r == room g] of
              [] -> ""
              is -> "; you see " ++ unwords (map show is)

capitalise :: String -> String
capitalise [] = []
capitalise (c : cs) = toUpper c : cs

main :: IO ()
main = do
  let start = Game Hall [] [(Kitchen, Lamp), (Cellar, Key), (Hall, Apple)] 0 [] True
      script = ["look", "take apple", "go down", "go north", "look", "take lamp", "take lamp",
                "go south", "go down", "take key", "go up", "go east", "go up", "unlock",
                "go up", "look", "dance", "go sideways", "", "go west"]
      end = foldl' command start script
  mapM_ (putStrLn . capitalise) (reverse (messages end))
  print (room end, inventory end, moves end, locked end)
  print [minBound .. maxBound :: Room]
  print [(r, length (exits r)) | r <- [Hall ..]]
  print (map fromEnum [North ..], succ Hall, pred Tower, [Kitchen, Garden ..])
  let wander = take 40 (cycle ["go north", "go south", "go east", "go west"])
  print (moves (foldl' command start wander))
