-- Data.List in an ordinary program: sortBy, groupBy, nub, partition, foldl', insertBy, on, comparing
import Data.List (sortBy, groupBy, nub, partition, foldl', insertBy, maximumBy, minimumBy,
                  sortOn, tails, isPrefixOf, zipWith3, unfoldr, intercalate, delete, (\\), union,
                  intersect, lookup, elemIndex, findIndex, transpose, scanl')
import Data.Ord (comparing, Down (..))
import Data.Function (on)

data Emp = Emp { ename :: String, dept :: String, salary :: Int, age :: Int } deriving (Show, Eq)

staff :: [Emp]
staff =
  [ Emp "ann" "eng" 120 34, Emp "bob" "ops" 80 45, Emp "cid" "eng" 95 28
  , Emp "dee" "sales" 70 51, Emp "eve" "eng" 150 40, Emp "fay" "ops" 85 33
  , Emp "gus" "sales" 72 29, Emp "hal" "eng" 95 47, Emp "ivy" "ops" 60 22 ]

byDept :: [Emp] -> [(String, [String])]
byDept = map (\g -> (dept (head g), map ename g)) . groupBy ((==) `on` dept) . sortBy (comparing dept)

stats :: [Emp] -> [(String, Int, Int)]
stats es = [(dept (head g), length g, sum (map salary g)) | g <- groupBy ((==) `on` dept) (sortOn dept es)]

count :: String -> String -> Int
count pat = length . filter (pat `isPrefixOf`) . tails

main :: IO ()
main = do
  mapM_ print (byDept staff)
  print (stats staff)
  print (map ename (sortBy (comparing (Down . salary) <> comparing ename) staff))
  let (young, old) = partition ((< 35) . age) staff
  print (map ename young, map ename old)
  print (nub (map dept staff), nub (map salary staff))
  print (ename (maximumBy (comparing age) staff), ename (minimumBy (compare `on` salary) staff))
  print (foldl' (\acc e -> acc + salary e) 0 staff)
  print (foldr (insertBy (comparing negate)) [] [3, 1, 4, 1, 5, 9, 2, 6 :: Int])
  print (insertBy (comparing snd) ('x', 4) (zip "abcde" [1, 3, 5, 7, 9 :: Int]))
  print (groupBy (\a b -> even a == even b) [2, 4, 1, 3, 5, 6, 8, 7 :: Int])
  print (count "ab" "abcabcabxab", unfoldr (\n -> if n > 100 then Nothing else Just (n, n * 3)) (1 :: Int))
  print ([1 .. 10] \\ [2, 3, 5, 7 :: Int], union [1, 2, 3] [3, 4, 5 :: Int], intersect "hello" "world")
  print (delete 3 [1, 3, 2, 3 :: Int], lookup "eve" [(ename e, salary e) | e <- staff])
  print (elemIndex 95 (map salary staff), findIndex ((> 100) . salary) staff)
  print (zipWith3 (\a b c -> a ++ b ++ c) ["a", "b"] ["c", "d"] ["e", "f"], transpose ["abc", "de", "f"])
  print (scanl' (+) 0 (map age staff))
  putStrLn (intercalate ", " [ename e ++ "@" ++ show (salary e) | e <- sortOn (negate . age) staff])
