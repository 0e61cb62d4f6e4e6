-- Ranges of derived enumerations and their fromEnum (session 24): base's default
-- enumFromTo (map toEnum [fromEnum x .. fromEnum y], fused in GHC.Enum) costs 96 bytes an
-- element, 16 more under the caller for each element forced (enumFromThenTo's too); a derived fromEnum boxes its
-- tag beyond 8 constructors (16 bytes a call), not up to 8.
import Data.Char (toLower)

data A2 = A1 | A2 deriving (Show, Eq, Enum, Bounded)
data B4 = B1 | B2 | B3 | B4 deriving (Show, Eq, Enum, Bounded)
data C8 = C1 | C2 | C3 | C4 | C5 | C6 | C7 | C8 deriving (Show, Eq, Enum, Bounded)

q2 :: Int -> [A2]
q2 _ = [minBound .. maxBound]

q4 :: Int -> [B4]
q4 _ = [minBound .. maxBound]

q8 :: Int -> [C8]
q8 _ = [minBound .. maxBound]

r8 :: Int -> [C8]
r8 _ = [C2 .. C7]

s8 :: Int -> [C8]
s8 _ = [minBound .. maxBound]

data T7 = K7_0 | K7_1 | K7_2 | K7_3 | K7_4 | K7_5 | K7_6 deriving (Show, Eq, Enum, Bounded)

t7 :: T7 -> Int
t7 c = fromEnum c * 2

data T8 = K8_0 | K8_1 | K8_2 | K8_3 | K8_4 | K8_5 | K8_6 | K8_7 deriving (Show, Eq, Enum, Bounded)

t8 :: T8 -> Int
t8 c = fromEnum c * 2

data T9 = K9_0 | K9_1 | K9_2 | K9_3 | K9_4 | K9_5 | K9_6 | K9_7 | K9_8 deriving (Show, Eq, Enum, Bounded)

t9 :: T9 -> Int
t9 c = fromEnum c * 2

data T10 = K10_0 | K10_1 | K10_2 | K10_3 | K10_4 | K10_5 | K10_6 | K10_7 | K10_8 | K10_9 deriving (Show, Eq, Enum, Bounded)

t10 :: T10 -> Int
t10 c = fromEnum c * 2

data T11 = K11_0 | K11_1 | K11_2 | K11_3 | K11_4 | K11_5 | K11_6 | K11_7 | K11_8 | K11_9 | K11_10 deriving (Show, Eq, Enum, Bounded)

t11 :: T11 -> Int
t11 c = fromEnum c * 2

data T12 = K12_0 | K12_1 | K12_2 | K12_3 | K12_4 | K12_5 | K12_6 | K12_7 | K12_8 | K12_9 | K12_10 | K12_11 deriving (Show, Eq, Enum, Bounded)

t12 :: T12 -> Int
t12 c = fromEnum c * 2

data T13 = K13_0 | K13_1 | K13_2 | K13_3 | K13_4 | K13_5 | K13_6 | K13_7 | K13_8 | K13_9 | K13_10 | K13_11 | K13_12 deriving (Show, Eq, Enum, Bounded)

t13 :: T13 -> Int
t13 c = fromEnum c * 2

data T14 = K14_0 | K14_1 | K14_2 | K14_3 | K14_4 | K14_5 | K14_6 | K14_7 | K14_8 | K14_9 | K14_10 | K14_11 | K14_12 | K14_13 deriving (Show, Eq, Enum, Bounded)

t14 :: T14 -> Int
t14 c = fromEnum c * 2


data Dir = North | South | East | West | Up | Down deriving (Show, Eq, Enum, Bounded)

p1 :: Int -> [Dir]
p1 _ = [minBound .. maxBound]

p2 :: Dir -> String
p2 d = show d

p3 :: Dir -> String
p3 d = map toLower (show d)

p4 :: Int -> [(String, Dir)]
p4 _ = [(show d, d) | d <- [minBound .. maxBound]]

data D8 = D1 | D2 | D3 | D4 | D5 | D6 | D7 | D8 deriving (Show, Eq, Enum, Bounded)

u1 :: Int -> [D8]
u1 _ = [D1, D3 .. D8]

u2 :: Int -> [D8]
u2 _ = [D1, D2 .. D8]

u3 :: Int -> [D8]
u3 _ = [D8, D7 .. D1]

u4 :: Int -> [D8]
u4 _ = [D1, D3 ..]

main :: IO ()
main = do
  print (sum [length (q2 k) | k <- [1 .. 10]])
  print (sum [length (q4 k) | k <- [1 .. 10]])
  print (sum [length (q8 k) | k <- [1 .. 10]])
  print (sum [length (r8 k) | k <- [1 .. 10]])
  print (length (filter (== C3) (concat [s8 k | k <- [1 .. 10]])))

  print (sum (map t7 [minBound .. maxBound]))

  print (sum (map t8 [minBound .. maxBound]))

  print (sum (map t9 [minBound .. maxBound]))

  print (sum (map t10 [minBound .. maxBound]))

  print (sum (map t11 [minBound .. maxBound]))

  print (sum (map t12 [minBound .. maxBound]))

  print (sum (map t13 [minBound .. maxBound]))

  print (sum (map t14 [minBound .. maxBound]))
  print (sum [length (p1 k) | k <- [1 .. 10]])
  print (sum [length (p2 d) | d <- [North, South, East, West, Up, Down]])
  print (sum [length (p3 d) | d <- [North, South, East, West, Up, Down]])
  print (sum [length (fst (head (p4 k))) | k <- [1 .. 10]])
  print (sum [length (u1 k) | k <- [1 .. 10]])
  print (sum [length (u2 k) | k <- [1 .. 10]])
  print (sum [length (u3 k) | k <- [1 .. 10]])
  print (sum [length (u4 k) | k <- [1 .. 10]])
  print (length (filter (== D3) (concat [u2 k | k <- [1 .. 10]])))
