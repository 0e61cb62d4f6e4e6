import Data.Char (toLower, isAlpha, isUpper, isPunctuation)
import Data.List (sortBy, groupBy, sort, nub)
import Data.Ord (comparing)
import Data.Function (on)

corpus :: String
corpus = unlines
  [ "It was the best of times, it was the worst of times,"
  , "it was the age of wisdom, it was the age of foolishness,"
  , "it was the epoch of belief, it was the epoch of incredulity,"
  , "it was the season of Light, it was the season of Darkness,"
  , "it was the spring of hope, it was the winter of despair,"
  , "we had everything before us, we had nothing before us,"
  , "we were all going direct to Heaven, we were all going direct the other way."
  , "In short, the period was so far like the present period, that some of"
  , "its noisiest authorities insisted on its being received, for good or for evil,"
  , "in the superlative degree of comparison only."
  ]

normalize :: String -> [String]
normalize = words . map (\c -> if isAlpha c then toLower c else ' ')

frequencies :: [String] -> [(String, Int)]
frequencies ws = sortBy (comparing (negate . snd) <> comparing fst)
                   [ (head g, length g) | g <- groupBy (==) (sort ws) ]

byLength :: [String] -> [(Int, [String])]
byLength ws = [ (length (head g), nub g)
              | g <- groupBy ((==) `on` length) (sortBy (comparing length) ws) ]

lineStats :: String -> (Int, Int, Int)
lineStats l = (length l, length (words l), length (filter isPunctuation l))

bigText :: Int -> String
bigText n = concat (replicate n corpus)

main :: IO ()
main = do
  let ls = lines corpus
      ws = normalize corpus
  putStrLn ("lines: " ++ show (length ls) ++ ", words: " ++ show (length ws))
  mapM_ (\(w, c) -> putStrLn (w ++ " " ++ show c)) (take 8 (frequencies ws))
  mapM_ (\(k, g) -> putStrLn (show k ++ ": " ++ unwords (take 6 g))) (byLength ws)
  mapM_ (print . lineStats) ls
  let capitals = [ w | w <- words corpus, isUpper (head w) ]
  print capitals
  let big = normalize (bigText 40)
      top = frequencies big
  print (length big, take 3 top)
  let longest = maximum (map length big)
  print (longest, filter ((== longest) . length) (nub big))
  print (sum [ length w | w <- big, length w > 4 ])
