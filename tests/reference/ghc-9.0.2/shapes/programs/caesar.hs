import Data.Char (ord, chr, isLower, isUpper, isAlpha, toLower)
import Data.List (sortBy, maximumBy)
import Data.Ord (comparing)

shift :: Int -> Char -> Char
shift n c
  | isLower c = rot 'a' c
  | isUpper c = rot 'A' c
  | otherwise = c
  where rot base x = chr (ord base + (ord x - ord base + n) `mod` 26)

encode :: Int -> String -> String
encode n = map (shift n)

freqs :: String -> [Double]
freqs s = [100 * fromIntegral (count c) / fromIntegral total | c <- ['a'..'z']]
  where low = map toLower (filter isAlpha s)
        total = max 1 (length low)
        count c = length (filter (== c) low)

table :: [Double]
table = [8.1, 1.5, 2.8, 4.2, 12.7, 2.2, 2.0, 6.1, 7.0, 0.2, 0.8, 4.0, 2.4,
         6.7, 7.5, 1.9, 0.1, 6.0, 6.3, 9.0, 2.8, 1.0, 2.4, 0.2, 2.0, 0.1]

chisqr :: [Double] -> [Double] -> Double
chisqr os es = sum [((o - e) ^ 2) / e | (o, e) <- zip os es]

rotate :: Int -> [a] -> [a]
rotate n xs = drop n xs ++ take n xs

crack :: String -> (Int, String)
crack s = (k, encode (negate k) s)
  where fs = freqs s
        scores = [(n, chisqr (rotate n fs) table) | n <- [0 .. 25]]
        k = fst (minimumBy' scores)
        minimumBy' = foldr1 (\a b -> if snd a <= snd b then a else b)

main :: IO ()
main = do
  let msg = concat (replicate 40 "the quick brown fox jumps over the lazy dog and keeps running far away ")
      enc = encode 7 msg
  putStrLn (take 60 enc)
  let (k, dec) = crack enc
  print k
  putStrLn (take 60 dec)
  print (length (filter isAlpha dec))
