-- Records with String fields kept in a list, searched and summarised repeatedly.
data Person = Person { name :: String, city :: String, age :: Int }

cities :: [String]
cities = ["Oslo", "Lima", "Pune", "Kyiv", "Baku", "Riga"]

mkPerson :: Int -> Person
mkPerson i = Person ("p" ++ show i) (cities !! (i `mod` 6)) (18 + (i * 13) `mod` 60)

olderIn :: String -> Int -> [Person] -> Int
olderIn c a ps = length [p | p <- ps, city p == c, age p > a]

scan :: [Person] -> Int -> Int
scan ps k = go 0 0
  where
    go acc j
      | j >= k = acc
      | otherwise = go (acc + olderIn (cities !! (j `mod` 6)) (20 + j `mod` 40) ps) (j + 1)

main :: IO ()
main = do
  let ps = map mkPerson [1 .. 1500]
  print (sum (map (length . name) ps))
  print (scan ps 40)
  print (maximum (map age ps))
  putStrLn (unwords (map name (take 4 ps)))
