-- A word index in a Data.Map: built from a generated text, then queried in a loop.
import qualified Data.Map as M

syllables :: [String]
syllables = ["ka", "lo", "mi", "ne", "ru", "ta", "vo", "shi", "pa", "de", "gu"]

wordAt :: Int -> String
wordAt i = concatMap pick [i `mod` 7, (i `div` 7) `mod` 11, (i `div` 77) `mod` 5]
  where pick j = syllables !! (j `mod` length syllables)

textWords :: Int -> [String]
textWords n = [wordAt ((i * 37) `mod` 401) | i <- [1 .. n]]

index :: [String] -> M.Map String Int
index = foldr (\w m -> M.insertWith (+) w 1 m) M.empty

countHits :: M.Map String Int -> Int -> Int
countHits m rounds = go 0 0
  where
    go acc r
      | r >= rounds = acc
      | otherwise = let acc' = acc + look r in acc' `seq` go acc' (r + 1)
    look r = M.findWithDefault 0 (wordAt r) m

main :: IO ()
main = do
  let ix = index (textWords 3000)
  print (M.size ix)
  print (countHits ix 3000)
  print (M.foldr (+) 0 ix)
  print (take 3 (M.toList ix))
