-- A dungeon crawl in Control.Monad.State over a game record
module Main where

import Control.Monad.State
import qualified Data.Map as M

data Item = Potion | Sword | Key deriving (Show, Eq, Ord)
data Room = Room { roomName :: String, exits :: [(String, Int)], items :: [Item], monster :: Maybe (String, Int) }

data Game = Game { hp :: Int, pos :: Int, bag :: M.Map Item Int, seed :: Int, journal :: [String], turns :: Int }

rooms :: M.Map Int Room
rooms = M.fromList
  [ (0, Room "hall" [("north", 1), ("east", 2)] [Potion] Nothing)
  , (1, Room "armoury" [("south", 0), ("east", 3)] [Sword] (Just ("rat", 6)))
  , (2, Room "kitchen" [("west", 0), ("north", 3)] [Potion, Potion] (Just ("cook", 12)))
  , (3, Room "vault" [("west", 1), ("south", 2)] [Key] (Just ("dragon", 16)))
  ]

type G = State Game

say :: String -> G ()
say s = modify (\g -> g { journal = s : journal g })

roll :: Int -> G Int
roll n = do
  g <- get
  let s' = (seed g * 1103515245 + 12345) `mod` 2147483648
  put g { seed = s' }
  return (1 + s' `div` 65536 `mod` n)

fight :: String -> Int -> G Bool
fight name mhp
  | mhp <= 0 = say ("defeated " ++ name) >> return True
  | otherwise = do
      swords <- gets (M.findWithDefault 0 Sword . bag)
      dmg <- roll (4 + 4 * swords)
      hit <- roll 5
      modify (\g -> g { hp = hp g - hit, turns = turns g + 1 })
      h <- gets hp
      if h <= 0 then say ("killed by " ++ name) >> return False
      else do
        when (h < 8) drink
        fight name (mhp - dmg)

drink :: G ()
drink = do
  n <- gets (M.findWithDefault 0 Potion . bag)
  when (n > 0) $ do
    modify (\g -> g { hp = hp g + 10, bag = M.adjust (subtract 1) Potion (bag g) })
    say "drank a potion"

enter :: Int -> G Bool
enter r = do
  let room = rooms M.! r
  modify (\g -> g { pos = r, turns = turns g + 1 })
  say ("entered " ++ roomName room)
  alive <- maybe (return True) (uncurry fight) (monster room)
  when alive $ forM_ (items room) $ \i -> do
    modify (\g -> g { bag = M.insertWith (+) i 1 (bag g) })
    say ("took " ++ show i)
  return alive

explore :: [String] -> G ()
explore [] = say "journey over"
explore (d:ds) = do
  r <- gets pos
  case lookup d (exits (rooms M.! r)) of
    Nothing -> say ("no exit " ++ d) >> explore ds
    Just r' -> do
      ok <- enter r'
      if ok then explore ds else say "game over"

main :: IO ()
main = do
  let start = Game 20 0 M.empty 42 [] 0
      path = ["north", "up", "east", "south", "west", "east", "north", "west"]
      g = execState (enter 0 >> explore path) start
  mapM_ putStrLn (reverse (journal g))
  print (hp g, pos g, M.toList (bag g), turns g)
  let outcomes = [ (s, hp g', turns g') | s <- [1 .. 40], let g' = execState (enter 0 >> explore path) start { seed = s } ]
  print (length (filter (\(_, h, _) -> h > 0) outcomes), maximum (map (\(_, _, t) -> t) outcomes))
  print (evalState (replicateM 10 (roll 6)) start)
