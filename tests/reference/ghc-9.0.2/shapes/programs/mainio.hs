newtype Key = Key Int deriving Show
data C = R | G deriving Show
data P = P Int Int deriving Show

f :: Int -> Key
f n = Key (n * 2)

main :: IO ()
main = do
  print (f 3)
  print R
  print (P 1 2)
  mapM_ print [P 3 4, P 5 6]
  print [R, G]
