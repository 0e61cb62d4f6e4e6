-- where clauses with guards over several equations, case on nested tuples, let in guards,
-- local polymorphic functions
classify :: Int -> Int -> String
classify x y
  | s > 100 = "big " ++ kind
  | s < 0, let a = abs s, a > 50 = "very negative " ++ show a
  | s < 0 = "negative " ++ kind
  | otherwise = kind
  where
    s = x + y
    kind
      | even s && p > 0 = "even-positive-product"
      | even s = "even"
      | p `mod` 3 == 0 = "odd-triple"
      | otherwise = "odd"
    p = x * y

bmi :: Double -> Double -> String
bmi w h
  | v < under = "under"
  | v < normal = "normal"
  | v < over = "over"
  | otherwise = "obese"
  where v = w / h ^ (2 :: Int)
        (under, normal, over) = (18.5, 25.0, 30.0)

describe :: ((Int, Int), (Bool, Maybe Char)) -> String
describe t = case t of
  ((0, 0), (_, Nothing)) -> "origin"
  ((x, 0), (True, Just c)) -> "x-axis " ++ show x ++ [c]
  ((0, y), (False, _)) | y > 0 -> "up"
                       | otherwise -> "down"
  ((x, y), (b, mc)) -> let q = quadrant x y
                       in q ++ (if b then "!" else "") ++ maybe "" (: []) mc
  where quadrant x y
          | x > 0, y > 0 = "Q1"
          | x < 0, y > 0 = "Q2"
          | x < 0 = "Q3"
          | otherwise = "Q4"

roots :: Double -> Double -> Double -> Maybe (Double, Double)
roots a b c
  | a == 0 = Nothing
  | let d = b * b - 4 * a * c, d >= 0 = let r = sqrt d in Just ((-b + r) / (2 * a), (-b - r) / (2 * a))
  | otherwise = Nothing

pairUp :: [a] -> [b] -> ([(a, b)], Int)
pairUp xs ys = (both, count both)
  where
    both = zip xs ys
    count :: [c] -> Int
    count = foldr (\_ n -> n + 1) 0

process :: [Int] -> ([Int], [String], Int)
process xs = (twice (map (+ 1)) xs, twice (map ('x' :)) (map show xs), twice (* 2) (length xs))
  where twice :: (t -> t) -> t -> t
        twice f = f . f

grade :: Int -> Char
grade n
  | n >= 90 = 'A'
  | n >= 80 = 'B'
  | n >= 70 = 'C'
grade n
  | n < 0 = '?'
grade _ = 'F'

main :: IO ()
main = do
  mapM_ (putStrLn . uncurry classify) [(60, 50), (-40, -20), (-10, 3), (3, 4), (4, 6), (2, 7), (1, 4)]
  print (map (uncurry bmi) [(50, 1.8), (70, 1.75), (90, 1.8), (120, 1.7)])
  mapM_ (putStrLn . describe) [((0, 0), (True, Nothing)), ((5, 0), (True, Just 'k')), ((0, 3), (False, Nothing)),
                               ((0, -3), (False, Just 'q')), ((-2, 4), (True, Just 'z')), ((-1, -1), (False, Nothing)),
                               ((2, -2), (True, Nothing))]
  print (map (\(a, b, c) -> roots a b c) [(1, -3, 2), (1, 0, 1), (0, 1, 1), (2, 4, -6)])
  print (pairUp [1, 2, 3 :: Int] "ab", pairUp "xyz" [True, False, True])
  print (process [1, 2, 3])
  putStrLn (map grade [95, 85, 75, 65, -1, 100])
  print (length [() | x <- [-50 .. 50], y <- [-5, 0, 5], classify x y == "odd"])
