-- `words` over a generated text, each word kept by a Map to the positions it occurs at
-- (fromListWith (++) grows the lists lazily), then the most frequent words.
import qualified Data.Map as M
import Data.List (sortBy)
import Data.Ord (comparing)

vocab :: [String]
vocab = ["alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta", "iota",
         "kappa", "lambda", "mu", "nu", "xi", "omicron", "pi", "rho", "sigma"]

text :: Int -> String
text n = unwords [vocab !! ((i * i + 3 * i) `mod` 18) ++ show (i `mod` 40) | i <- [1 .. n]]

index :: String -> M.Map String [Int]
index s = M.fromListWith (++) (zip (words s) (map (: []) [1 ..]))

main :: IO ()
main = do
  let ix = index (text 8000)
  print (M.size ix)
  let top = take 5 (sortBy (comparing (negate . length . snd)) (M.toList ix))
  mapM_ (\(w, ps) -> putStrLn (w ++ " " ++ show (length ps) ++ " " ++ show (sum ps))) top
