import Data.Maybe (fromMaybe, mapMaybe, catMaybes, listToMaybe)

isEven', isOdd' :: Int -> Bool
isEven' 0 = True
isEven' n = isOdd' (n - 1)
isOdd' 0 = False
isOdd' n = isEven' (n - 1)

classify :: Int -> String
classify n
  | n < 0 = "negative"
  | small = "small " ++ parity
  | big = "big " ++ parity
  | otherwise = "medium " ++ parity
  where
    small = n < 10
    big = n >= 1000
    parity | isEven' (n `mod` 50) = "even"
           | otherwise = "odd"

safeDiv :: Int -> Int -> Maybe Int
safeDiv _ 0 = Nothing
safeDiv a b = Just (a `div` b)

safeRoot :: Int -> Maybe Int
safeRoot n
  | n < 0 = Nothing
  | otherwise = listToMaybe [ r | r <- [0 .. n], r * r >= n, r * r == n ]

chain :: Int -> Maybe Int
chain n = safeDiv 3600 n >>= safeRoot >>= \r -> if r > 5 then Just (r * 2) else Nothing

pairUp :: ((Int, Int), (String, Bool)) -> String
pairUp p = case p of
  ((0, _), (s, _)) -> "zero " ++ s
  ((a, b), (s, True)) | a > b -> s ++ " wins by " ++ show (a - b)
                      | otherwise -> s ++ " trails"
  ((a, b), (_, False)) -> show (a * b)

pipeline :: [Int] -> (Int, Int)
pipeline xs = (total |> twice, length xs |> twice |> twice)
  where
    x |> f = f x
    infixl 1 |>
    twice = (* 2)
    total = foldr (<+>) 0 xs
    a <+> b = a + b `mod` 7

main :: IO ()
main = do
  let pair x = (x, x)
      ident = \y -> y
      (a, b) = pair 'q'
      (c, d) = pair (ident True, ident "str")
  print (a, b, c, d)
  mapM_ (putStrLn . classify) [-5, 3, 42, 77, 2500, 999]
  print (map chain [0, 1, 4, 9, 16, 25, 100, 144, 3600])
  print (mapMaybe chain [1 .. 120])
  print (catMaybes [safeDiv 10 2, Nothing, safeDiv 7 0, Just (-3)])
  print (fromMaybe (-1) (chain 7), maybe "none" show (chain 36))
  mapM_ (putStrLn . pairUp)
    [((0, 3), ("ann", True)), ((5, 2), ("bo", True)), ((1, 9), ("cy", True)),
     ((4, 4), ("di", False))]
  print (pipeline [1 .. 3000])
  print (length (filter isEven' [0 .. 300]), isOdd' 777)
  let twice f = f . f
  print (twice (+ 1) (5 :: Int), twice ('x' :) "y", twice (map negate) [1, -2, 3 :: Int])
  print (sum (mapMaybe safeRoot [0 .. 300]))
