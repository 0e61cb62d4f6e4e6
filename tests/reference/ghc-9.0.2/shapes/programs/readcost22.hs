data Color = Red | Green | Blue deriving (Show, Read)
data P = P Int Int deriving (Show, Read)
data R = R { rx :: Int, ry :: Int } deriving (Show, Read)
data Big = A | B | C | D | E | F | G | H deriving (Show, Read)

c1, c2, c3, c4 :: String -> Color
c1 s = read s
c2 s = read s
c3 s = read s
c4 s = read s
b1, b2 :: String -> Big
b1 s = read s
b2 s = read s
p1, p2, p3 :: String -> P
p1 s = read s
p2 s = read s
p3 s = read s
r1 :: String -> R
r1 s = read s
t2, t2b :: String -> (Int, Int)
t2 s = read s
t2b s = read s
t3 :: String -> (Int, Int, Int)
t3 s = read s
lt1, lt2 :: String -> [(Int, Int)]
lt1 s = read s
lt2 s = read s
m1, m2 :: String -> Maybe Int
m1 s = read s
m2 s = read s

main :: IO ()
main = do
  c1 "Red" `seq` c2 "Blue" `seq` c3 " ( Blue ) " `seq` c4 "Green" `seq` return ()
  b1 "A" `seq` b2 "H" `seq` return ()
  p1 "P 1 2" `seq` p2 "P (-3) 22" `seq` p3 "(P 1 2)" `seq` return ()
  r1 "R {rx = 1, ry = 2}" `seq` return ()
  t2 "(1,2)" `seq` t2b "( 12 , 3 )" `seq` t3 "(1,2,3)" `seq` return ()
  length (lt1 "[(1,2)]") `seq` length (lt2 "[(1,2),(3,4),(5,6)]") `seq` return ()
  m1 "Nothing" `seq` m2 "Just 5" `seq` putStrLn "done"
