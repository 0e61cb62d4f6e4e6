import Data.List (sortBy, insertBy, group, sort)
import Data.Ord (comparing)

data HTree = Leaf Char Int | Node HTree HTree Int

weight :: HTree -> Int
weight (Leaf _ w) = w
weight (Node _ _ w) = w

freqs :: String -> [(Char, Int)]
freqs s = map (\g -> (head g, length g)) (group (sort s))

build :: [HTree] -> HTree
build [t] = t
build (a:b:rest) = build (insertBy (comparing weight) (Node a b (weight a + weight b)) rest)
build [] = error "empty"

codes :: HTree -> [(Char, String)]
codes (Leaf c _) = [(c, "0")]
codes t = go t ""
  where
    go (Leaf c _) acc = [(c, reverse acc)]
    go (Node l r _) acc = go l ('0' : acc) ++ go r ('1' : acc)

encode :: [(Char, String)] -> String -> String
encode table = concatMap look
  where look c = case lookup c table of
                   Just bits -> bits
                   Nothing -> error ("no code for " ++ [c])

decode :: HTree -> String -> String
decode t = walk t
  where
    walk (Leaf c _) [] = [c]
    walk _ [] = []
    walk (Leaf c _) bs = c : walk t bs
    walk (Node l r _) (b:bs) = walk (if b == '0' then l else r) bs

text :: String
text = concat (replicate 40 "the quick brown fox jumps over the lazy dog while a huffman tree sorts its leaves ")

main :: IO ()
main = do
  let fs = freqs text
      tree = build (sortBy (comparing weight) [Leaf c n | (c, n) <- fs])
      table = codes tree
      bits = encode table text
  mapM_ (\(c, b) -> putStrLn (show c ++ " " ++ b)) (take 8 table)
  print (length text, length bits)
  print (decode tree bits == text)
  print (sum [n * length b | (c, n) <- fs, Just b <- [lookup c table]])
