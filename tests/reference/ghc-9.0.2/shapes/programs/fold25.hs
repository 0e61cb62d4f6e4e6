import Data.List (foldl')
import qualified Data.Foldable as F

data Tree a = Leaf | Node (Tree a) a (Tree a)

instance Show a => Show (Tree a) where
  show Leaf = "."
  show (Node l x r) = "(" ++ show l ++ " " ++ show x ++ " " ++ show r ++ ")"

instance Functor Tree where
  fmap _ Leaf = Leaf
  fmap f (Node l x r) = Node (fmap f l) (f x) (fmap f r)

instance Foldable Tree where
  foldr _ z Leaf = z
  foldr f z (Node l x r) = foldr f (f x (foldr f z r)) l

insert :: Ord a => a -> Tree a -> Tree a
insert x Leaf = Node Leaf x Leaf
insert x t@(Node l y r)
  | x < y = Node (insert x l) y r
  | x > y = Node l y (insert x r)
  | otherwise = t

fromList :: Ord a => [a] -> Tree a
fromList = foldl' (flip insert) Leaf

depth :: Tree a -> Int
depth Leaf = 0
depth (Node l _ r) = 1 + max (depth l) (depth r)

fSum :: Tree Int -> Int
fSum t = sum t

fProd :: Tree Int -> Int
fProd t = product t

fLen :: Tree Int -> Int
fLen t = length t

fMax :: Tree Int -> Int
fMax t = maximum t

fMin :: Tree Int -> Int
fMin t = minimum t

fElem :: Tree Int -> Bool
fElem t = elem 45 t

fToL :: Tree Int -> [Int]
fToL t = F.toList t

fNull :: Tree Int -> Bool
fNull t = null t

fFoldr :: Tree Int -> [Int]
fFoldr t = foldr (:) [] t

fFoldl :: Tree Int -> [Int]
fFoldl t = foldl (flip (:)) [] t

fCM :: Tree Int -> String
fCM t = concatMap show t

fAny :: Tree Int -> Bool
fAny t = any even t

fAll :: Tree Int -> Bool
fAll t = all (> 0) t

main :: IO ()
main = do
  let t = fromList [50, 30, 70, 20, 40, 60, 80, 35, 45, 65 :: Int]
  print (fSum t)
  print (fProd t)
  print (fLen t)
  print (fMax t)
  print (fMin t)
  print (fElem t)
  print (fToL t)
  print (fNull t)
  print (fFoldr t)
  print (fFoldl t)
  print (fCM t)
  print (fAny t)
  print (fAll t)
