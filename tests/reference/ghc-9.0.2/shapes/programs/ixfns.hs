import Data.Ix

main :: IO ()
main = do
  print (range ((0, 0), (1, 2)) :: [(Int, Int)])
  print (index (10, 20) (15 :: Int), inRange ('a', 'f') 'z', rangeSize ((1, 1), (3, 4) :: (Int, Int)))
  print (map (index ((0, 0), (2, 2))) [(1, 1), (2, 0) :: (Int, Int)])
  print (index (1, 5) (7 :: Int))
