-- matrix determinant and inverse over Rational, by Gaussian elimination
import Data.Ratio

type Matrix = [[Rational]]

det :: Matrix -> Rational
det [] = 1
det m = case [(i, r) | (i, r) <- zip [0 :: Int ..] m, head r /= 0] of
  [] -> 0
  (i, p) : _ ->
    let others = [r | (j, r) <- zip [0 ..] m, j /= i]
        sign = if even i then 1 else -1
        reduce r = zipWith (\a b -> a - (head r / head p) * b) (tail r) (tail p)
    in sign * head p * det (map reduce others)

identity :: Int -> Matrix
identity n = [[if i == j then 1 else 0 | j <- [1 .. n]] | i <- [1 .. n]]

inverse :: Matrix -> Maybe Matrix
inverse m = fmap (map (drop n)) (gauss (zipWith (++) m (identity n)))
  where
    n = length m
    gauss rows = go 0 rows
    go k rows
      | k == n = Just rows
      | otherwise =
          case [r | r <- drop k rows, r !! k /= 0] of
            [] -> Nothing
            (p : _) ->
              let p' = map (/ (p !! k)) p
                  rest = filter (/= p) (drop k rows)
                  elim r = zipWith (\a b -> a - (r !! k) * b) r p'
                  before = map elim (take k rows)
              in go (k + 1) (before ++ [p'] ++ map elim rest)

mmul :: Matrix -> Matrix -> Matrix
mmul a b = [[sum (zipWith (*) row col) | col <- cols] | row <- a]
  where cols = foldr (zipWith (:)) (repeat []) b

showR :: Rational -> String
showR r | denominator r == 1 = show (numerator r)
        | otherwise = show (numerator r) ++ "/" ++ show (denominator r)

hilbert :: Int -> Matrix
hilbert n = [[1 % fromIntegral (i + j - 1) | j <- [1 .. n]] | i <- [1 .. n]]

main :: IO ()
main = do
  let a = [[2, -1, 0], [-1, 2, -1], [0, -1, 2]] :: Matrix
  print (det a)
  mapM_ (putStrLn . unwords . map showR) (maybe [] id (inverse a))
  print (fmap (mmul a) (inverse a) == Just (identity 3))
  print (map (det . hilbert) [1 .. 6])
  print (inverse [[1, 2], [2, 4]])
  let h = hilbert 5
  print (fmap (map (map numerator) . take 2) (inverse h))
  print (sum (map (sum . map (\x -> x * x)) h))
  print (3 % 4 + 5 % 6 :: Rational, recip (-3 % 9 :: Rational))
