-- Where GHC 9.0.2 -O0 splits a function's cost centre at its alternatives (session 24):
-- a match decided at run time keeps the note whole (the cell, its argument thunks and
-- their values under the function); a call whose argument decides the match, where GHC
-- inlines the function (used once, or small with a literal argument), drops the case and
-- splits the note (only the thunks' values under the function).
data T = A | B | C deriving Show

m1 :: Bool -> Int -> Maybe Int
m1 True x = Just (x + 1)
m1 False x = Nothing

m2 :: Bool -> Int -> Maybe Int
m2 False _ = Nothing
m2 True x = Just (x + 1)

m3 :: Bool -> Int -> Maybe Int
m3 True x = Just (x + 1)
m3 False x = Just x

m4 :: Bool -> Int -> Maybe Int
m4 True x = Just (x + 1)
m4 False x = Just 0

m5 :: Char -> Int -> Maybe Int
m5 c x = case c of
  'a' -> Just (x + 1)
  'b' -> Nothing
  _ -> Just (x * 2)

m6 :: Int -> Int -> Maybe Int
m6 0 x = Just (x + 1)
m6 _ _ = Nothing

m7 :: Char -> Int -> Maybe Int
m7 'a' x = Just (x + 1)
m7 _ _ = Nothing

m8 :: Ordering -> Int -> Maybe Int
m8 LT x = Just (x + 1)
m8 EQ _ = Nothing
m8 GT x = Just (x * 2)

m9 :: T -> Int -> Maybe Int
m9 A x = Just (x + 1)
m9 B x = Just (x * 2)
m9 C x = Just x

m10 :: T -> Int -> Maybe Int
m10 A x = Just (x + 1)
m10 B x = Just (x * 2)
m10 C x = Nothing

m11 :: Bool -> Int -> Either Int Int
m11 True x = Left (x + 1)
m11 False x = Right (x * 2)

m12 :: Bool -> Int -> Maybe Int
m12 b x = case b of
  True -> Just (x + 1)
  False -> Nothing

bs :: [Bool]
bs = [True, False, True, False, False, True, False, False]

ts :: [T]
ts = [A, B, B, C, C, C, A, B, C, C]

check :: Bool -> String -> Either String ()
check True _ = Right ()
check False msg = Left msg

fb :: Bool -> Either String ()
fb True = Right ()
fb False = Left "x"

g :: Bool -> Int -> Maybe Int
g True x = Just x
g False _ = Nothing

h :: Bool -> Int -> Either Int Int
h True x = Right x
h False x = Left x

k :: Bool -> Maybe ()
k True = Just ()
k False = Nothing

m :: Bool -> Int -> Maybe Int
m True x = Just (x + 1)
m False _ = Nothing

p :: Int -> Maybe ()
p 0 = Just ()
p _ = Nothing

q :: Bool -> (Int, Int)
q True = (1, 2)
q False = (3, 4)


m7a :: Char -> Int -> Maybe Int
m7a 'a' x = Just (x + 1)
m7a _ _ = Nothing

m7b :: Char -> Int -> Maybe Int
m7b 'a' x = Just (x + 1)
m7b _ _ = Nothing

m7c :: Char -> Int -> Maybe Int
m7c 'a' x = Just (x + 1)
m7c _ _ = Nothing

m7d :: Char -> Int -> Maybe Int
m7d 'a' x = Just (x + 1)
m7d _ _ = Nothing

main :: IO ()
main = do
  print [m1 b 7 | b <- bs]
  print [m2 b 7 | b <- bs]
  print [m3 b 7 | b <- bs]
  print [m4 b 7 | b <- bs]
  print [m5 c 7 | c <- "abxbbxxbab"]
  print [m6 i 7 | i <- [0, 1, 0, 1, 1, 0, 1, 1]]
  print [m7 c 7 | c <- "axaxxaxx"]
  print [m8 o 7 | o <- [LT, EQ, EQ, GT, GT, GT, LT, EQ, GT, GT]]
  print [m9 t 7 | t <- ts]
  print [m10 t 7 | t <- ts]
  print [m11 b 7 | b <- bs]
  print [m12 b 7 | b <- bs]
  print [check b "m" | b <- bs]
  print (map fb bs)
  print [g b 7 | b <- bs]
  print [h b 7 | b <- bs]
  print (map k bs)
  print [m b 7 | b <- bs]
  print (map p [0, 1, 0, 1, 1, 0, 1, 1])
  print (map q bs)
  print [m7a c 7 | c <- "aaaaaaaaaa"]
  print (sum [v | Just v <- map (m7b 'a') [1 .. 10]])
  print (sum [v | c <- "aaaaaaaaaa", Just v <- [m7c c 7]])
  print [m7d 'a' i | i <- [1 .. 10]]
