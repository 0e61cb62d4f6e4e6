-- Text split into words kept in a Map: each word's count by insertWith (+) (lazy: a
-- chain of additions per word) and the words themselves as keys, then the top counts.
import qualified Data.Map as M
import Data.List (sortBy)

vocab :: [String]
vocab = words "alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi"

text :: Int -> String
text n = unwords [vocab !! ((i * i + 3 * i) `mod` length vocab) ++ show (i `mod` 40)
                 | i <- [1 .. n]]

counts :: String -> M.Map String Int
counts = foldl (\m w -> M.insertWith (+) w 1 m) M.empty . words

main :: IO ()
main = do
  let m = counts (text 9000)
  print (M.size m)
  let top = take 5 (sortBy (\(_, a) (_, b) -> compare b a) (M.toList m))
  mapM_ (\(w, c) -> putStrLn (w ++ " " ++ show c)) top
