-- A particle simulation over records with update syntax, iterate and takeWhile.
data Particle = Particle { pid :: Int, pos :: (Double, Double), vel :: (Double, Double), bounces :: Int }
  deriving Show

data World = World { tick :: Int, parts :: [Particle], gravity :: Double } deriving Show

width, height :: Double
width = 100
height = 50

stepParticle :: Double -> Particle -> Particle
stepParticle g p =
  let (x, y) = pos p
      (vx, vy) = vel p
      vy' = vy - g
      (x', vx') = bounce width (x + vx) vx
      (y', vy'') = bounce height (y + vy') vy'
      hit = vx' /= vx || vy'' /= vy'
  in p { pos = (x', y'), vel = (vx', vy''), bounces = if hit then bounces p + 1 else bounces p }

bounce :: Double -> Double -> Double -> (Double, Double)
bounce limit v d
  | v < 0 = (negate v, negate d * 0.9)
  | v > limit = (2 * limit - v, negate d * 0.9)
  | otherwise = (v, d)

stepWorld :: World -> World
stepWorld w = w { tick = tick w + 1, parts = map (stepParticle (gravity w)) (parts w) }

energy :: World -> Double
energy w = sum [ 0.5 * (vx * vx + vy * vy) + gravity w * y | p <- parts w, let (vx, vy) = vel p, let (_, y) = pos p ]

initial :: World
initial = World { tick = 0, gravity = 0.5, parts =
  [ Particle { pid = k, pos = (fromIntegral (k * 7 `mod` 100), 25), vel = (fromIntegral (k `mod` 5) - 2, 1), bounces = 0 }
  | k <- [1 .. 20] ] }

round2 :: Double -> Double
round2 d = fromIntegral (round (d * 100) :: Int) / 100

main :: IO ()
main = do
  let history = iterate stepWorld initial
      w50 = history !! 50
  print (tick w50, round2 (energy w50))
  print (head (parts w50))
  print (map bounces (parts (history !! 120)))
  let early = takeWhile (\w -> all ((< 3) . bounces) (parts w)) history
  print (length early)
  let moved = (head (parts initial)) { pos = (1, 2) }
  print moved
  print (pid moved, bounces moved, vel moved)
  print (map (round2 . energy) (take 5 (drop 200 history)))
  print (sum (map bounces (parts (history !! 300))))
