module Main (main) where

-- -hy names of thunks: GHC names a thunk by its value's type (Int, Double, Maybe, a
-- program's own type, a synonym it was declared with), `*' when that type is a type
-- variable. Each list's elements stay unevaluated until the end.

data Shape = Circle Double | Square Double

type Pair = (Int, Int)

-- recursive, so that GHC -O0 does not inline it (a thunk of a call is then a Pair)
mkPair :: Int -> Pair
mkPair i = if i < 0 then mkPair (negate i) else (i, i + 1)

ints :: Int -> [Int]
ints n = [i * 3 | i <- [1 .. n]]

doubles :: Int -> [Double]
doubles n = [fromIntegral i / 2 | i <- [1 .. n]]

pairs :: Int -> [Pair]
pairs n = [mkPair i | i <- [1 .. n]]

shapes :: Int -> [Shape]
shapes n = [if odd i then Circle (fromIntegral i) else Square 1 | i <- [1 .. n]]

maybes :: Int -> [Maybe Int]
maybes n = [if even i then Just i else Nothing | i <- [1 .. n]]

strs :: Int -> [String]
strs n = [show i | i <- [1 .. n]]

bigs :: Int -> [Integer]
bigs n = [2 ^ i | i <- [1 .. n]]

actions :: Int -> [IO ()]
actions n = [print i | i <- [1 .. n]]

-- recursive, so never inlined: its thunks have the type variable's type
twiceEach :: (a -> a) -> [a] -> [a]
twiceEach _ [] = []
twiceEach f (x : xs) = f (f x) : twiceEach f xs

main :: IO ()
main = do
  let n = 3000
      is = ints n
      ds = doubles n
      ps = pairs n
      ss = shapes n
      ms = maybes n
      st = strs n
      bs = bigs n
      as = actions n
      tw = twiceEach (+ 1) [1 .. n]
  print (length is + length ds + length ps + length ss + length ms + length st + length bs)
  print (length as + length tw + fst (mkPair 1))
  print (sum is + sum (map fst ps) + length [() | Circle _ <- ss] + length [() | Just _ <- ms])
  print (sum ds + fromIntegral (sum (map length st)))
  head as
  print (length (show (sum bs)) + sum tw)
