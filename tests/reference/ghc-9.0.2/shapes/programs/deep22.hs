import Control.DeepSeq
import Data.List (foldl')
import qualified Data.Map as M

data Stats = Stats { count :: Int, total :: Double, names :: [String] }

instance NFData Stats where
  rnf (Stats c t ns) = rnf c `seq` rnf t `seq` rnf ns

step :: Stats -> (String, Double) -> Stats
step (Stats c t ns) (n, x) = force (Stats (c + 1) (t + x) (take 3 (n : ns)))

main :: IO ()
main = do
  let xs = [(show i, fromIntegral i) | i <- [1 .. 2000 :: Int]]
      s = foldl' step (Stats 0 0 []) xs
  print (count s, total s, names s)
  let m = foldl' (\acc (k, v) -> acc `deepseq` M.insertWith (+) (length k) v acc) M.empty xs
  print (M.toList m)
  let ys = map (* 2) [1 .. 1000 :: Int]
  ys `deepseq` print (sum ys)
  print $!! (length ys, "done")
  print (rnf [Just 1, Nothing :: Maybe Int] `seq` "ok", force (Left 3 :: Either Int String))
