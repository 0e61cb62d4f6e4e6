-- Negative literals (issue 18, shapes19): GHC -O0 calls negate on the literal's box in
-- expressions (a thunk as an argument), folds a negative literal pattern at Int into the
-- case, and tests one at Integer or Double with == against a negate thunk.
step :: Int -> Int
step x = x * (-1) + 3

sign :: Int -> Int
sign (-1) = 100
sign 0 = 200
sign n = n

loop :: Int -> Int -> Int
loop 0 acc = acc
loop n acc = loop (n - 1) (acc + step n + sign (n - 2) + negate n)

downs :: Int -> [Int]
downs n = [n, n - 1 .. -5]

classify :: Integer -> String
classify (-1) = "minus one"
classify 0 = "zero"
classify _ = "other"

dsign :: Double -> Int
dsign (-1.5) = 1
dsign 2.5 = 2
dsign _ = 0

below :: Int -> Bool
below x = x < -3

offset :: Int
offset = -40

pairs :: Int -> [(Int, Maybe Int)]
pairs n = [(k, if below k then Just (-k) else Nothing) | k <- [-n .. n]]

scaleI :: Integer -> Integer
scaleI x = x * (-3) - 1

evens :: Int -> Int -> Int
evens a c = length [a, a + 2 .. c]

main :: IO ()
main = do
  print (loop 1000 0)
  print (map sign [-3 .. 3])
  print (sum (downs 50))
  print (abs (-7) + (-2) * 3)
  print (map classify [-2, -1, 0, 1])
  print (map dsign [-1.5, 2.5, 2.0])
  print (pairs 5)
  print (offset + length (filter below [-10 .. 10]))
  print (foldr (\x acc -> scaleI x + acc) 0 [1 .. 200])
  print (map (evens 1) [0, 1, 3, 21])
