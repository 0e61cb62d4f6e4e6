data T = T [Int]

instance Show T where
  show (T xs) = "T" ++ go xs
    where go [] = ""
          go (y:ys) = ' ' : show y ++ go ys

instance Eq T where
  T a /= T b = length a /= length b

main :: IO ()
main = do
  let ts = [T [1 .. i] | i <- [1 .. 300]]
  print (length (concatMap show ts))
  print (T [1,2] == T [3,4], T [1] == T [])
