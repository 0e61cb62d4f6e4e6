import Control.Arrow ((&&&), (***), (>>>), (<<<))
import qualified Control.Arrow as A
import Data.Bifunctor (bimap, first, second)
import Data.List (group, sort)
import Data.Char (toUpper)

histogram :: String -> [(Char, Int)]
histogram = map (head &&& length) . group . sort

stats :: [Int] -> (Int, Int)
stats = (sum &&& length) >>> (id *** (* 10))

parseAll :: [String] -> [Either String Int]
parseAll = map parse
  where parse s | all (`elem` "0123456789") s = Right (read s)
                | otherwise = Left s

main :: IO ()
main = do
  print (histogram "mississippi banana")
  print (stats [1 .. 20])
  print (map (first toUpper) [('a', 1 :: Int), ('b', 2)])
  print (map (second (* 2)) [('a', 1 :: Int), ('b', 2)])
  print (map (bimap length (+ 1)) (parseAll ["12", "abc", "7", "xy"]))
  print (map (first length) (parseAll ["1", "zz"]), map (second negate) (parseAll ["3", "q"]))
  print ((A.first (+ 1) >>> A.second show) (1 :: Int, 2 :: Int))
  print (((+ 1) <<< (* 2)) (5 :: Int), ((* 2) *** reverse) (3 :: Int, "abc"))
  print (bimap show not (3 :: Int, True), (fst &&& snd) ('x', 'y'))
