-- A vending machine state machine: case on tuples of state and event
module Main where

import qualified Data.Map as M
import Data.List (foldl')

data State = Idle | HasMoney Int | Selecting Int String | Dispensing String Int | OutOfOrder
  deriving (Show, Eq)
data Event = Coin Int | Select String | Cancel | Done | Kick | Service
  deriving (Show, Eq)

type Stock = M.Map String (Int, Int)

step :: Stock -> (State, Event) -> (State, [String])
step stock se = case se of
  (OutOfOrder, Service) -> (Idle, ["serviced"])
  (OutOfOrder, _) -> (OutOfOrder, ["out of order"])
  (_, Kick) -> (OutOfOrder, ["ouch"])
  (Idle, Coin c) | c `elem` [5, 10, 25, 100] -> (HasMoney c, ["credit " ++ show c])
                 | otherwise -> (Idle, ["rejected " ++ show c])
  (HasMoney m, Coin c) -> (HasMoney (m + c), ["credit " ++ show (m + c)])
  (HasMoney m, Select item) -> case M.lookup item stock of
    Nothing -> (HasMoney m, ["no such item " ++ item])
    Just (_, 0) -> (HasMoney m, ["sold out " ++ item])
    Just (price, _)
      | price <= m -> (Dispensing item (m - price), ["vend " ++ item])
      | otherwise -> (Selecting m item, ["need " ++ show (price - m) ++ " more"])
  (Selecting m item, Coin c) -> step stock (HasMoney (m + c), Select item)
  (Selecting m _, Cancel) -> (Idle, ["refund " ++ show m])
  (HasMoney m, Cancel) -> (Idle, ["refund " ++ show m])
  (Dispensing _ change, Done) -> (Idle, ["change " ++ show change | change > 0])
  (s, e) -> (s, ["ignored " ++ show e])

run :: Stock -> [Event] -> (State, Stock, [String])
run stock0 = foldl' go (Idle, stock0, [])
  where
    go (s, stock, out) e =
      let (s', msgs) = step stock (s, e)
          stock' = case (s, s') of
            (_, Dispensing item _) | not (isDispensing s) -> M.adjust (\(p, n) -> (p, n - 1)) item stock
            _ -> stock
      in (s', stock', out ++ msgs)
    isDispensing (Dispensing _ _) = True
    isDispensing _ = False

stock :: Stock
stock = M.fromList [("cola", (125, 2)), ("chips", (75, 5)), ("gum", (30, 1)), ("water", (100, 9))]

script :: [Event]
script = [Coin 100, Coin 25, Select "cola", Done, Coin 3, Coin 25, Select "chips", Coin 25,
          Coin 25, Done, Coin 100, Select "tea", Select "gum", Done, Coin 10, Select "gum",
          Cancel, Kick, Coin 5, Service, Coin 100, Coin 100, Select "cola", Done,
          Coin 100, Select "cola", Cancel, Done]

customers :: Int -> [Event]
customers n = concat [[Coin 100, Coin ([5, 10, 25] !! (i `mod` 3)), Select (["water", "chips", "gum", "cola"] !! (i `mod` 4)), Done, Cancel]
                     | i <- [1 .. n]]

main :: IO ()
main = do
  let (s, st, out) = run stock script
  mapM_ putStrLn out
  print s
  print (M.toList st)
  let (s2, st2, out2) = run (M.map (\(p, _) -> (p, 40)) stock) (customers 60)
  print (s2, length out2)
  print (M.toList st2)
  print (length (filter ((== "vend") . take 4) out2), length (filter ((== "ignored") . take 7) out2))
