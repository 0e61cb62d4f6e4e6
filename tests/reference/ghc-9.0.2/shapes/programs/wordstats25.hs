-- Text processing with Data.List: groupBy, sortBy, nub, isPrefixOf/isSuffixOf/isInfixOf
import Data.Char (toLower, isAlpha, isUpper)
import Data.List (sortBy, groupBy, nub, isPrefixOf, isSuffixOf, isInfixOf, foldl', sort, tails, maximumBy)
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
  , "we were all going direct to Heaven, we were all going direct the other way"
  ]

normalize :: String -> [String]
normalize = words . map (\c -> if isAlpha c then toLower c else ' ')

frequencies :: [String] -> [(String, Int)]
frequencies ws = sortBy (comparing (negate . snd) <> comparing fst)
                   [(head g, length g) | g <- groupBy (==) (sort ws)]

byLength :: [String] -> [(Int, [String])]
byLength ws = [(length (head g), g) | g <- groupBy ((==) `on` length) (sortBy (comparing length) (nub ws))]

countSub :: String -> String -> Int
countSub pat = length . filter (pat `isPrefixOf`) . tails

capitals :: String -> [String]
capitals = filter (isUpper . head) . words . filter (\c -> isAlpha c || c == ' ' || c == '\n')

longestCommonPrefix :: [String] -> String
longestCommonPrefix [] = ""
longestCommonPrefix ws = foldr1 common ws
  where common a b = map fst (takeWhile (uncurry (==)) (zip a b))

letterHistogram :: String -> [(Char, Int)]
letterHistogram s = filter ((> 0) . snd) [(c, count c) | c <- ['a' .. 'z']]
  where lower = map toLower s
        count c = foldl' (\n x -> if x == c then n + 1 else n) 0 lower

main :: IO ()
main = do
  let ws = normalize corpus
  print (length ws, length (nub ws))
  mapM_ (\(w, n) -> putStrLn (w ++ ": " ++ replicate n '*')) (take 8 (frequencies ws))
  mapM_ print (byLength ws)
  print (countSub "it was" corpus, countSub "of" corpus, countSub "the" corpus)
  print (filter ("ness" `isSuffixOf`) ws, filter ("ep" `isInfixOf`) (nub ws))
  print (capitals corpus)
  print (longestCommonPrefix ["interstellar", "internet", "interval", "internal"])
  print (maximumBy (comparing snd) (letterHistogram corpus), take 6 (letterHistogram corpus))
  print (map (\l -> (length (words l), length l)) (lines corpus))
