import Data.List

fElem :: Int -> [Int] -> Bool
fElem n xs = n `elem` xs

fNotElem :: Int -> [Int] -> Bool
fNotElem n xs = notElem n xs

fElemC :: Char -> String -> Bool
fElemC c s = c `elem` s

fDel :: Int -> [Int] -> Int
fDel n xs = length (delete n xs)

fDiff :: [Int] -> Int
fDiff xs = length (xs \\ [1, 2, 3])

fUnion :: [Int] -> Int
fUnion xs = length (union xs [40, 41])

fInsert :: Int -> [Int] -> Int
fInsert n xs = length (insert n xs)

fInit :: [Int] -> Int
fInit xs = length (init xs)

fLast :: [Int] -> Int
fLast xs = last xs

main :: IO ()
main = do
  let xs = [1 .. 30] :: [Int]
  print (length (filter id [fElem i xs | i <- [1 .. 200]]))
  print (length (filter id [fNotElem i xs | i <- [1 .. 200]]))
  print (length (filter id [fElemC c "hello world" | c <- take 200 (cycle ['a' .. 'z'])]))
  print (sum [fDel i xs | i <- [1 .. 200]])
  print (sum [fDiff xs | _ <- [1 .. 200 :: Int]])
  print (sum [fUnion xs | _ <- [1 .. 200 :: Int]])
  print (sum [fInsert i xs | i <- [1 .. 200]])
  print (sum [fInit xs | _ <- [1 .. 200 :: Int]])
  print (sum [fLast xs | _ <- [1 .. 200 :: Int]])
