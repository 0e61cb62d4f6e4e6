-- A trie over Data.Map: insertion, prefix search, autocomplete, counting
module Main where

import qualified Data.Map as M
import Data.List (foldl', sortBy)
import Data.Maybe (fromMaybe)
import Data.Ord (comparing)

data Trie = Trie { count :: Int, children :: M.Map Char Trie }

emptyT :: Trie
emptyT = Trie 0 M.empty

insertT :: String -> Trie -> Trie
insertT [] t = t { count = count t + 1 }
insertT (c:cs) t = t { children = M.alter (Just . insertT cs . fromMaybe emptyT) c (children t) }

lookupT :: String -> Trie -> Maybe Trie
lookupT [] t = Just t
lookupT (c:cs) t = M.lookup c (children t) >>= lookupT cs

wordsT :: Trie -> [(String, Int)]
wordsT t = [([], count t) | count t > 0] ++
           concatMap (\(c, sub) -> map (\(w, n) -> (c : w, n)) (wordsT sub)) (M.toList (children t))

complete :: String -> Trie -> [(String, Int)]
complete p t = maybe [] (map (\(w, n) -> (p ++ w, n)) . wordsT) (lookupT p t)

top :: Int -> String -> Trie -> [String]
top k p t = map fst (take k (sortBy (comparing (\(w, n) -> (negate n, w))) (complete p t)))

size :: Trie -> Int
size t = 1 + sum (map size (M.elems (children t)))

depth :: Trie -> Int
depth t = if M.null (children t) then 0 else 1 + maximum (map depth (M.elems (children t)))

corpus :: [String]
corpus = words (concat (replicate 4 text)) ++ [w ++ s | w <- ["test", "tree", "trie"], s <- ["", "s", "d", "ing"]]
  where text = "the trie stores the words the program inserts then tries to complete them \
               \the tree of tries is a tree trie then there are the tests that test the \
               \trees to see that they are there therefore the theory holds "

main :: IO ()
main = do
  let t = foldl' (flip insertT) emptyT corpus
  print (size t, depth t, length (wordsT t))
  print (complete "tre" t)
  print (top 5 "th" t)
  print (top 3 "te" t, top 3 "x" t)
  print (fmap count (lookupT "the" t), fmap count (lookupT "th" t), fmap count (lookupT "zzz" t))
  let big = foldl' (flip insertT) emptyT [show (n * n `mod` 9973) | n <- [1 .. 2000 :: Int]]
  print (size big, length (wordsT big), take 5 (top 5 "1" big))
  print (sum (map snd (wordsT big)))
