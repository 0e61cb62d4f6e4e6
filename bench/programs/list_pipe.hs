-- List pipelines: map, filter, foldr, zipWith, takeWhile, concatMap over enumerations.
squares :: [Int] -> [Int]
squares = map (\x -> x * x)

pipeline :: Int -> Int
pipeline n = foldr (+) 0 (filter odd (squares (filter (\x -> x `mod` 3 /= 0) [1 .. n])))

pairs :: Int -> Int
pairs n = sum (zipWith (*) [1 .. n] (reverse [1 .. n]))

main :: IO ()
main = do
  print (pipeline 60000)
  print (pairs 40000)
  print (length (concatMap (\x -> replicate (x `mod` 4) x) [1 .. 40000]))
  print (sum (takeWhile (< 5000000) (map (* 7) [1 ..])))
