-- base's Show of its one-field constructors (Just, Left, Right) and the showList of
-- lists of them and of the program's types, each shape in a cost centre of its own
data T = T Int deriving Show
data U = U (Maybe Int) deriving Show
data E = A | B deriving Show
data V = V Int

instance Show V where
  show (V n) = "V" ++ show n

justs :: Int -> Int
justs n = length (show (replicate n (Just n)))

lefts :: Int -> Int
lefts n = length (show (replicate n (Left n :: Either Int Bool)))

rights :: Int -> Int
rights n = length (show (replicate n (Right n :: Either Bool Int)))

nothings :: Int -> Int
nothings n = length (show (replicate n (Nothing :: Maybe Int)))

mixed :: Int -> Int
mixed n = length (show [if even i then Just i else Nothing | i <- [1 .. n]])

nested :: Int -> Int
nested n = length (show [Just (Just i) | i <- [1 .. n]])

oneJust :: Int -> Int
oneJust n = length (show (Just n))

oneLeft :: Int -> Int
oneLeft n = length (show (Left n :: Either Int Int))

showsJust :: Int -> Int
showsJust n = length (shows (Just n) "")

precJust :: Int -> Int
precJust n = length (showsPrec 11 (Just n) "")

nestedOne :: Int -> Int
nestedOne n = length (show (Just (Just n)))

ts :: Int -> Int
ts n = length (show [T i | i <- [1 .. n]])

us :: Int -> Int
us n = length (show [U (Just i) | i <- [1 .. n]])

justTs :: Int -> Int
justTs n = length (show [Just (T i) | i <- [1 .. n]])

enums :: Int -> Int
enums n = length (show (replicate n A ++ replicate n B))

oneU :: Int -> Int
oneU n = length (show (U (Just n)))

vs :: Int -> Int
vs n = length (show [V i | i <- [1 .. n]])

pairs :: Int -> Int
pairs n = length (show [(Just i, i) | i <- [1 .. n]])

printed :: Int -> IO ()
printed n = print [Just i | i <- [1 .. n]]

main :: IO ()
main = do
  mapM_ (\f -> print (map f [1, 5, 20]))
    [justs, lefts, rights, nothings, mixed, nested, oneJust, oneLeft, showsJust, precJust,
     nestedOne, ts, us, justTs, enums, oneU, vs, pairs]
  printed 7
