-- A tree of particle records rebuilt each step by `iterate`; the state after some
-- steps is inspected, earlier states become garbage.
data Particle = Particle { px :: !Int, py :: !Int, vx :: !Int, vy :: !Int }

data Tree = Leaf | Node Tree Particle Tree

build :: Int -> Int -> Tree
build lo hi
  | lo > hi = Leaf
  | otherwise = let m = (lo + hi) `div` 2
                in Node (build lo (m - 1)) (Particle m (m * 3 `mod` 101) 1 (-1)) (build (m + 1) hi)

move :: Particle -> Particle
move (Particle x y dx dy) =
  let dx' = if x + dx > 1000 || x + dx < 0 then negate dx else dx
      dy' = if y + dy > 1000 || y + dy < 0 then negate dy else dy
  in Particle (x + dx') (y + dy') dx' dy'

stepTree :: Tree -> Tree
stepTree Leaf = Leaf
stepTree (Node l p r) = Node (stepTree l) (move p) (stepTree r)

energy :: Tree -> Int
energy Leaf = 0
energy (Node l p r) = energy l + px p + py p + energy r

size :: Tree -> Int
size Leaf = 0
size (Node l _ r) = size l + 1 + size r

main :: IO ()
main = do
  let states = iterate stepTree (build 1 2000)
  print (size (head states))
  mapM_ (\k -> print (energy (states !! k))) [5, 10 .. 40]
