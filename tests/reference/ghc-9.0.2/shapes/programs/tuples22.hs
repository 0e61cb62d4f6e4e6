type T8 = (Int, Int, Int, Int, Int, Int, Int, Int)

mk8 :: Int -> T8
mk8 n = (n, n + 1, n + 2, n + 3, n + 4, n + 5, n + 6, n + 7)

mk10 :: Int -> (Int, Bool, Char, Int, Int, Int, Int, Int, Int, String)
mk10 n = (n, even n, 'x', n, n, n, n, n, n * 2, "s" ++ show n)

mk15 :: Int -> (Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int)
mk15 n = (n, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, n)

main :: IO ()
main = do
  print (mk8 1)
  print (mk10 3)
  print (mk15 4)
  print (mk8 1 == mk8 1, mk8 1 == mk8 2, compare (mk8 1) (mk8 2), mk8 3 > mk8 2)
  print (maximum (map mk8 [5, 2, 9]), minimum (map mk15 [3, 1]))
  print (mk10 2 < mk10 2, mk10 4 == mk10 4, mk15 1 <= mk15 1)
  print ((1, 2, 3, 4, 5, 6, 7, 8, 9) :: (Int, Int, Int, Int, Int, Int, Int, Int, Int))
  print (Just (mk8 0), [mk8 2])
