-- and/or/all/any (Foldable's foldMap over All/Any: 56 bytes per call, 64 per element) and
-- (/=) on Int (no allocation), in sections, guards and comprehensions
andE :: [Bool] -> Int
andE l = length (filter (\_ -> and l) [1 .. 3000 :: Int])

and3 :: [Bool] -> Int
and3 l = length (filter (\_ -> and l) [1 .. 3000 :: Int])

or3 :: [Bool] -> Int
or3 l = length (filter (\_ -> or l) [1 .. 3000 :: Int])

allNot :: [Bool] -> Int
allNot l = length (filter (\_ -> all not l) [1 .. 3000 :: Int])

anyPos :: [Int] -> Int
anyPos l = length (filter (\k -> any (> k) l) [1 .. 3000])

neAnd :: Int -> [Int] -> Bool
neAnd q xs = and [q /= c && c /= 0 | c <- xs]

neSection :: Int -> Int
neSection n = length (takeWhile (/= n) [1 ..])

shortAnd :: Int -> [Int] -> Bool
shortAnd q qs = and [q /= c | c <- qs]

main :: IO ()
main = do
  print (andE [])
  print (and3 [True, True, True])
  print (or3 [False, False, False])
  print (allNot [False, False, False])
  print (anyPos [5, 10, 2000])
  print (neAnd 0 [1 .. 3000])
  print (neSection 3000)
  print (length (filter (\q -> shortAnd 3 [q `mod` 7, 1]) [1 .. 3000]))
