-- Huffman coding with a sorted list as the priority queue
import Data.List (sortBy, insertBy)
import Data.Ord (comparing)
import qualified Data.Map as M

data HTree = Leaf Int Char | Node Int HTree HTree
  deriving Show

weight :: HTree -> Int
weight (Leaf w _) = w
weight (Node w _ _) = w

frequencies :: String -> [(Char, Int)]
frequencies s = M.toList (M.fromListWith (+) [(c, 1) | c <- s])

build :: [HTree] -> HTree
build [t] = t
build (a:b:rest) = build (insertBy (comparing weight) (Node (weight a + weight b) a b) rest)
build [] = error "empty"

codes :: HTree -> [(Char, String)]
codes (Leaf _ c) = [(c, "0")]
codes t = go t ""
  where
    go (Leaf _ c) acc = [(c, reverse acc)]
    go (Node _ l r) acc = go l ('0' : acc) ++ go r ('1' : acc)

encode :: M.Map Char String -> String -> String
encode table = concatMap (\c -> M.findWithDefault "?" c table)

decode :: HTree -> String -> String
decode t = walk t
  where
    walk (Leaf _ c) [] = [c]
    walk _ [] = []
    walk (Leaf _ c) bs = c : walk t bs
    walk (Node _ l r) (b:bs) = walk (if b == '0' then l else r) bs

main :: IO ()
main = do
  let text = concat (replicate 20 "this is an example of a huffman tree, abracadabra! ")
      freqs = frequencies text
      leaves = sortBy (comparing weight) [Leaf n c | (c, n) <- freqs]
      tree = build leaves
      table = M.fromList (codes tree)
      bits = encode table text
  print (take 5 freqs)
  mapM_ (\(c, code) -> putStrLn (show c ++ " -> " ++ code)) (take 8 (codes tree))
  print (length text * 8, length bits)
  print (decode tree bits == text)
  print (weight tree)
