data P = P !Int !Int deriving Show
data Q = Q Int Int deriving Show
data R = R { ra :: !Int, rb :: Int, rc :: !Double } deriving Show
data S = S !Int [Int]

mkP :: Int -> P
mkP i = P (i * 2) (i + 1)

mkQ :: Int -> Q
mkQ i = Q (i * 2) (i + 1)

mkLit :: Int -> P
mkLit _ = P 1 2

mkVar :: Int -> P
mkVar i = P i i

mkR :: Int -> R
mkR i = R { ra = i + 1, rb = i * 3, rc = fromIntegral i }

upd :: R -> R
upd r = r { ra = ra r + 1 }

updLazy :: R -> R
updLazy r = r { rb = 7 }

sumP :: [P] -> Int
sumP = foldr (\(P a b) acc -> a + b + acc) 0

partial :: [Int] -> [P]
partial xs = map (P 3) xs

zipped :: [Int] -> [P]
zipped xs = zipWith P xs xs

stepS :: S -> Int -> S
stepS (S n xs) x = S (n + x) (x : xs)

main :: IO ()
main = do
  let ps = map mkP [1..1000]
  print (sumP ps)
  print (sumP (map mkLit [1..1000]))
  print (sumP (map mkVar [1..1000]))
  print (length (show (map mkQ [1..1000])))
  let rs = map mkR [1..1000]
  print (sum (map (ra . upd) rs))
  print (sum (map (rb . updLazy) rs))
  print (sumP (partial [1..1000]))
  print (sumP (zipped [1..1000]))
  let S n _ = foldl stepS (S 0 []) [1..1000]
  print n
