import Control.Monad.State

data Tree a = Leaf | Node (Tree a) a (Tree a)
  deriving Show

build :: Int -> Int -> Tree Char
build lo hi
  | lo > hi = Leaf
  | otherwise = let m = (lo + hi) `div` 2
                in Node (build lo (m - 1)) (toEnum (97 + m `mod` 26)) (build (m + 1) hi)

fresh :: State Int Int
fresh = do
  n <- get
  put (n + 1)
  return n

labelTree :: Tree a -> State Int (Tree (Int, a))
labelTree Leaf = return Leaf
labelTree (Node l x r) = do
  l' <- labelTree l
  n <- fresh
  r' <- labelTree r
  return (Node l' (n, x) r')

sizeT :: Tree a -> Int
sizeT Leaf = 0
sizeT (Node l _ r) = sizeT l + 1 + sizeT r

sumLabels :: Tree (Int, a) -> Int
sumLabels Leaf = 0
sumLabels (Node l (n, _) r) = sumLabels l + n + sumLabels r

main :: IO ()
main = do
  print (evalState (labelTree (build 1 5)) 100)
  let (t, next) = runState (labelTree (build 1 200)) 0
  print (sizeT t, next, sumLabels t)
