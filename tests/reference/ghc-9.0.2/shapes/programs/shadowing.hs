data Colour = Red | Green | Blue deriving (Show, Eq, Ord, Enum, Bounded)
data Box = Box { label :: String, colour :: Colour, weight :: Double } deriving (Show, Eq, Ord)

heaviest :: [Box] -> Box
heaviest = maximum

main :: IO ()
main = do
  let sequence = [Red ..]
      when = length sequence
      boxes = [Box { label = show c, colour = c, weight = fromIntegral (fromEnum c) * 1.5 } | c <- sequence]
      relabel b = b { label = label b ++ "!" }
  print (sequence, when)
  print (heaviest boxes, map (weight . relabel) boxes)
  print (sortOnW boxes == reverse (reverse boxes), [c | Box { colour = c } <- boxes, c /= Green])
  print (succ Red, [Blue, Green ..], compare (Box "a" Red 1) (Box "a" Red 2), minBound :: Colour)
  print (toEnum 7 :: Colour)
  where sortOnW = id
