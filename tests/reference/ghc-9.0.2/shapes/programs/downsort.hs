-- Data.Ord's Down: sorting in descending order with sortOn Down and sortBy (comparing Down),
-- Down's Show, getDown, and compare/max/min through Down.
import Data.List (sortOn, sortBy, maximumBy)
import Data.Ord (Down (..), comparing)

scores :: [(String, Int)]
scores = [("ann", 72), ("bob", 91), ("cy", 65), ("dee", 91), ("eve", 80), ("fay", 58)]

main :: IO ()
main = do
  print (sortOn Down [3, 1, 4, 1, 5, 9, 2, 6 :: Int])
  print (sortBy (comparing Down) "haskell")
  mapM_ print (sortOn (Down . snd) scores)
  print (sortBy (comparing (Down . snd) <> comparing fst) scores)
  print (Down 3, Just (Down (-2)), [Down 'a'])
  print (getDown (Down "x"), map getDown [Down 1.5, Down 2])
  print (compare (Down 1) (Down 2), Down 5 < Down 4, max (Down 1) (Down 9))
  print (maximumBy (comparing (Down . snd)) scores)
  print (take 3 (sortOn (Down . length) (words "a bb ccc dddd ee f")))
