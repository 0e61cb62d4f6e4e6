-- Tuples of lists and Strings shown from main (issue 18 item 1c, shapes19): base's
-- show_tuple, showList__ (its loop's closure, "[]"), showLitString's reboxed characters,
-- and print's partial application of its dictionary and value
pairs :: [Int] -> IO ()
pairs xs = print (xs, length xs)

quads :: Int -> IO ()
quads n = print (n, n + 1, [n, n * 2], "q")

main :: IO ()
main = do
  let xs = [1 .. 30 :: Int]
      ys = map (* 2) xs
      a = "alpha"
      b = [True, False]
      c = 'z'
  print (xs, ys)
  putStrLn (show (a, b, c))
  print (length xs, ys)
  print ([] :: [Int], "", [[1, 2], [], [3 :: Int]])
  mapM_ pairs [[], [7], [1 .. 100]]
  mapM_ quads [1 .. 5]
  print (show "a \"quoted\" string", (1 :: Int, 2 :: Int, 3 :: Int))
  print [(i, replicate i 'x') | i <- [0 .. 4 :: Int]]
