import Data.Array

total :: Array Int Int -> Int
total a = sum a

count :: Array Int Int -> Int
count a = length a

biggest :: Array Int Int -> Int
biggest a = maximum a

folded :: Array Int Int -> [Int]
folded a = foldr (\x acc -> x : acc) [] a

has :: Array Int Int -> Bool
has a = elem 999 a

main :: IO ()
main = do
  let a = listArray (0, 999) [1 ..] :: Array Int Int
  print (total a, count a, biggest a, length (folded a), has a)
  mapM_ print (listArray (1, 3) "abc")
