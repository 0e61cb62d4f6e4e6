-- text justification, centring and word wrapping on words/unwords
wrap :: Int -> [String] -> [[String]]
wrap _ [] = []
wrap width (w:ws) = go [w] (length w) ws
  where
    go line _ [] = [reverse line]
    go line len (x:xs)
      | len + 1 + length x <= width = go (x : line) (len + 1 + length x) xs
      | otherwise = reverse line : go [x] (length x) xs

justify :: Int -> [String] -> String
justify _ [w] = w
justify width ws = concat (zipWith (++) ws (gaps ++ [""]))
  where
    slots = length ws - 1
    spaces = width - sum (map length ws)
    (q, r) = spaces `divMod` slots
    gaps = [replicate (q + (if i <= r then 1 else 0)) ' ' | i <- [1 .. slots]]

centre :: Int -> String -> String
centre width s = replicate l ' ' ++ s ++ replicate r ' '
  where
    total = width - length s
    l = total `div` 2
    r = total - l

rightAlign :: Int -> String -> String
rightAlign width s = replicate (width - length s) ' ' ++ s

paragraph :: Int -> String -> [String]
paragraph width text =
  let ls = wrap width (words text)
  in map (justify width) (init ls) ++ [unwords (last ls)]

main :: IO ()
main = do
  let text = "The quick brown fox jumps over the lazy dog. Haskell is a purely \
             \functional programming language with non-strict semantics and strong \
             \static typing. Profiling attributes costs to cost centres, which form \
             \a tree of call stacks that the runtime maintains as the program runs."
  mapM_ (\l -> putStrLn ("|" ++ l ++ "|")) (paragraph 30 text)
  putStrLn ""
  mapM_ (\l -> putStrLn ("|" ++ l ++ "|")) (paragraph 45 text)
  putStrLn ""
  mapM_ (putStrLn . (\l -> "[" ++ l ++ "]") . centre 24 . unwords) (wrap 20 (words text))
  mapM_ (putStrLn . rightAlign 20) (words "right aligned words of varying length")
  print (map length (wrap 12 (words text)))
  print (length (concat (concatMap (paragraph 40) (replicate 30 text))))
