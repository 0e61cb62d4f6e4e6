-- IntMap union-find, connected components, Kruskal's spanning tree
module Main where

import qualified Data.IntMap.Strict as IM
import qualified Data.Map as M
import Data.List (sortOn, foldl')

data UF = UF { parent :: IM.IntMap Int, rank :: IM.IntMap Int }

newUF :: [Int] -> UF
newUF xs = UF (IM.fromList [(x, x) | x <- xs]) (IM.fromList [(x, 0) | x <- xs])

find :: UF -> Int -> Int
find uf x = let p = IM.findWithDefault x x (parent uf)
            in if p == x then x else find uf p

union :: UF -> Int -> Int -> (UF, Bool)
union uf a b
  | ra == rb = (uf, False)
  | rka < rkb = (uf { parent = IM.insert ra rb (parent uf) }, True)
  | rka > rkb = (uf { parent = IM.insert rb ra (parent uf) }, True)
  | otherwise = (UF (IM.insert rb ra (parent uf)) (IM.adjust (+ 1) ra (rank uf)), True)
  where
    ra = find uf a
    rb = find uf b
    rka = IM.findWithDefault 0 ra (rank uf)
    rkb = IM.findWithDefault 0 rb (rank uf)

components :: [Int] -> [(Int, Int)] -> M.Map Int [Int]
components vs es = M.fromListWith (flip (++)) [(find uf v, [v]) | v <- vs]
  where uf = foldl' (\u (a, b) -> fst (union u a b)) (newUF vs) es

kruskal :: [Int] -> [(Int, Int, Int)] -> ([(Int, Int, Int)], Int)
kruskal vs es = go (newUF vs) (sortOn (\(_, _, w) -> w) es) [] 0
  where
    go _ [] acc tot = (reverse acc, tot)
    go uf (e@(a, b, w) : rest) acc tot =
      case union uf a b of
        (uf', True) -> go uf' rest (e : acc) (tot + w)
        (_, False) -> go uf rest acc tot

edgesFor :: Int -> [(Int, Int, Int)]
edgesFor n = [(a, b, (a * 31 + b * 17) `mod` 23 + 1) | a <- [1 .. n], b <- [a + 1 .. n],
              (a * b) `mod` 5 == 1 || b == a + 7]

main :: IO ()
main = do
  let vs = [1 .. 40]
      es = [(a, b) | a <- vs, b <- vs, a < b, (a * b) `mod` 37 == 1]
      cs = components vs es
  print (M.size cs)
  mapM_ print (filter ((> 1) . length . snd) (M.toList cs))
  let (tree, w) = kruskal [1 .. 60] (edgesFor 60)
  print (length tree, w)
  print (take 8 tree)
  let uf = foldl' (\u (a, b) -> fst (union u a b)) (newUF [0 .. 499]) [(i, (i * 7) `mod` 500) | i <- [0 .. 499]]
  print (length (filter (\x -> find uf x == x) [0 .. 499]))
  print (IM.size (IM.filter (> 0) (rank uf)), IM.foldr max 0 (rank uf))
