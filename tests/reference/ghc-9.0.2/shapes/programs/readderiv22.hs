-- Reading back what derived Show prints: records, negative fields, infix constructors,
-- tuples and lists of tuples (issue 18, session 22)
data Shape = Circle Double | Rect { width :: Double, height :: Double }
  deriving (Show, Read, Eq)
data Dir = North | East | South | West deriving (Show, Read, Eq, Ord, Enum, Bounded)
data Move = Move Dir Int deriving (Show, Read)
data Cplx = Int :+ Int deriving (Show, Read)
infix 6 :+

area :: Shape -> Double
area (Circle r) = 3 * r * r
area (Rect w h) = w * h

parseShapes :: String -> [Shape]
parseShapes = map read . lines

walk :: [Move] -> (Int, Int)
walk = foldl step (0, 0)
  where
    step (x, y) (Move d n) = case d of
      North -> (x, y + n)
      South -> (x, y - n)
      East -> (x + n, y)
      West -> (x - n, y)

pairs :: String -> [(Int, String)]
pairs s = read s

main :: IO ()
main = do
  let shapes = [Circle 1.5, Rect 2 3.5, Rect { width = -1, height = 4 }]
      text = unlines (map show shapes)
      back = parseShapes text
  print back
  print (back == shapes, sum (map area back))
  let moves = read "[Move North 3,Move East (-2),Move South 1,Move West 4]" :: [Move]
  print (walk moves)
  print (read (show [minBound .. maxBound :: Dir]) :: [Dir])
  print (read "(1 :+ 2)" :: Cplx, read "(-3) :+ 4" :: Cplx)
  print (pairs "[(1,\"one\"), (2,\"two\")]", read " ( 7 , True ) " :: (Int, Bool))
  print (read "((1,2),[3,4],'c')" :: ((Int, Int), [Int], Char))
  print (reads "Rect {width = 2.0, height = 1.0} tail" :: [(Shape, String)])
  print (reads "Circle" :: [(Shape, String)], reads "(3,4) x" :: [((Int, Int), String)])
  print (read "Just (Left 5)" :: Maybe (Either Int Bool), read "[LT,GT]" :: [Ordering])
  print (lex " word rest", lex "12.5e2x", readParen True reads "((42)) z" :: [(Int, String)])
