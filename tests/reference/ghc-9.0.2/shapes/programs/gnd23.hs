module Main (main) where

newtype A = A Int deriving (Show, Eq, Ord)
newtype B = B String deriving (Show, Eq, Ord)
newtype C = C Double deriving (Show, Eq, Ord)
newtype D = D [Int] deriving (Show, Eq, Ord)
newtype E = E (Int, Int) deriving (Show, Eq, Ord)
newtype F = F (Maybe Int) deriving (Show, Eq, Ord)
newtype G = G Char deriving (Show, Eq, Ord)
data T = T1 | T2 Int deriving (Show, Eq, Ord)
newtype H = H T deriving (Show, Eq, Ord)
newtype I = I Integer deriving (Show, Eq, Ord)

main :: IO ()
main = do
  print (A 1 == A 2, A 1 /= A 2, A 1 < A 2, A 1 <= A 2, A 1 > A 2, A 1 >= A 2, compare (A 1) (A 2), max (A 1) (A 2), min (A 1) (A 2))
  print (B "a" == B "b", B "a" /= B "b", B "a" < B "b", B "a" <= B "b", B "a" > B "b", B "a" >= B "b", compare (B "a") (B "b"), max (B "a") (B "b"), min (B "a") (B "b"))
  print (C 1 == C 2, C 1 /= C 2, C 1 < C 2, C 1 <= C 2, C 1 > C 2, C 1 >= C 2, compare (C 1) (C 2), max (C 1) (C 2), min (C 1) (C 2))
  print (D [1] == D [2], D [1] /= D [2], D [1] < D [2], D [1] <= D [2], D [1] > D [2], D [1] >= D [2], compare (D [1]) (D [2]), max (D [1]) (D [2]), min (D [1]) (D [2]))
  print (E (1,1) == E (1,2), E (1,1) /= E (1,2), E (1,1) < E (1,2), E (1,1) <= E (1,2), E (1,1) > E (1,2), E (1,1) >= E (1,2), compare (E (1,1)) (E (1,2)), max (E (1,1)) (E (1,2)), min (E (1,1)) (E (1,2)))
  print (F (Just 1) == F Nothing, F (Just 1) /= F Nothing, F (Just 1) < F Nothing, F (Just 1) <= F Nothing, F (Just 1) > F Nothing, F (Just 1) >= F Nothing, compare (F (Just 1)) (F Nothing), max (F (Just 1)) (F Nothing), min (F (Just 1)) (F Nothing))
  print (G 'a' == G 'b', G 'a' /= G 'b', G 'a' < G 'b', G 'a' <= G 'b', G 'a' > G 'b', G 'a' >= G 'b', compare (G 'a') (G 'b'), max (G 'a') (G 'b'), min (G 'a') (G 'b'))
  print (H T1 == H (T2 3), H T1 /= H (T2 3), H T1 < H (T2 3), H T1 <= H (T2 3), H T1 > H (T2 3), H T1 >= H (T2 3), compare (H T1) (H (T2 3)), max (H T1) (H (T2 3)), min (H T1) (H (T2 3)))
  print (I 1 == I 2, I 1 /= I 2, I 1 < I 2, I 1 <= I 2, I 1 > I 2, I 1 >= I 2, compare (I 1) (I 2), max (I 1) (I 2), min (I 1) (I 2))
