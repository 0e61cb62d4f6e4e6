-- User-defined operators with fixity declarations, sections, backticks, point-free
infixr 5 +++
infixl 6 <+>
infix 4 ~=
infixl 7 `times`
infixl 1 |>

(+++) :: [a] -> [a] -> [a]
xs +++ ys = foldr (:) ys xs

data V = V Int Int deriving (Show, Eq)

(<+>) :: V -> V -> V
V a b <+> V c d = V (a + c) (b + d)

times :: Int -> V -> V
k `times` V a b = V (k * a) (k * b)

(~=) :: Double -> Double -> Bool
a ~= b = abs (a - b) < 1.0e-6

(|>) :: a -> (a -> b) -> b
x |> f = f x

(.:) :: (c -> d) -> (a -> b -> c) -> a -> b -> d
(.:) = (.) . (.)

sumSquaresOdd :: [Int] -> Int
sumSquaresOdd = sum . map (^ 2) . filter odd

countBy :: (a -> Bool) -> [a] -> Int
countBy = length .: filter

compose :: [a -> a] -> a -> a
compose = foldr (.) id

main :: IO ()
main = do
  print ([1, 2] +++ [3] +++ [4, 5 :: Int], "ab" +++ "cd")
  print (V 1 2 <+> 2 `times` V 3 4 <+> V 0 1, 3 `times` V 1 1 <+> V 1 1)
  print (0.1 + 0.2 ~= 0.3, 1 ~= 1.001)
  print ([1 .. 20] |> filter even |> map (* 3) |> sum)
  print (map (subtract 3) [10, 20], map (`div` 2) [7, 9], map (2 ^) [1 .. 5 :: Int], map (^ 2) [1 .. 5 :: Int])
  print (map (10 -) [1, 2, 3 :: Int], map (/ 4) [1, 2 :: Double], filter (`elem` "aeiou") "functional programming")
  print (sumSquaresOdd [1 .. 2000], countBy (> 'm') "haskell operators")
  print (compose [(+ 1), (* 2), subtract 5] 10, map (uncurry (+)) (zip [1, 2, 3] [10, 20, 30 :: Int]))
  print (zipWith ($) [(+ 1), (* 2), negate] [10, 20, 30 :: Int], map ($ 3) [(+ 1), (* 2)])
  print (foldr (<+>) (V 0 0) [k `times` V 1 (k `mod` 3) | k <- [1 .. 300]])
  let a <=> b = compare (snd a) (snd b)
      infixl 5 <=>
  print (map (\p -> p <=> (0 :: Int, 5 :: Int)) [(1, 3), (2, 5), (3, 9)])
  print ((`V` 7) 3, (V 2) `map` [1, 2], (flip (-) 1 . (* 2)) 5)
