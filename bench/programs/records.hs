-- Records: field access, update syntax, a simulation stepping a list of particles.
data P = P { px :: !Int, py :: !Int, vx :: Int, vy :: Int } deriving Show

move :: P -> P
move p = p { px = px p + vx p, py = py p + vy p }

bounce :: P -> P
bounce p | px p < 0 || px p > 1000 = p { vx = negate (vx p) }
         | py p < 0 || py p > 1000 = p { vy = negate (vy p) }
         | otherwise = p

sim :: Int -> [P] -> [P]
sim 0 ps = ps
sim k ps = sim (k - 1) (map (bounce . move) ps)

main :: IO ()
main = do
  let ps = [P i (i * 3 `mod` 1000) (i `mod` 7 - 3) (i `mod` 5 - 2) | i <- [1 .. 200]]
      end = sim 500 ps
  print (sum (map px end), sum (map py end))
  print (head end)
