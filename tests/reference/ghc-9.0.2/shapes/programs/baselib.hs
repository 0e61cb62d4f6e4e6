-- Data.List, Data.Either, Data.Char, Data.Function and Data.Functor functions ordinary
-- programs reach for (issue 18)
import Data.Char (chr, digitToInt, intToDigit, isPunctuation, ord, toUpper)
import Data.Either (fromLeft, fromRight, isLeft, lefts, partitionEithers, rights)
import Data.Function (fix, on, (&))
import Data.Functor (($>), (<&>), void)
import Data.List

validate :: Int -> Either String Int
validate n
  | n `mod` 15 == 0 = Left ("fizzbuzz " ++ show n)
  | otherwise = Right (n * n)

caesar :: Int -> String -> String
caesar k = map shift
  where
    shift c
      | c >= 'a' && c <= 'z' = rot 'a' c
      | c >= 'A' && c <= 'Z' = rot 'A' c
      | otherwise = c
    rot base c = chr (ord base + (ord c - ord base + k) `mod` 26)

main :: IO ()
main = do
  let text = "the quick brown fox jumps over the lazy dog, again and again!"
      ws = words text
  print ("fox" `isInfixOf` text, "dog" `isInfixOf` "cat", isSubsequenceOf "tqbf" text)
  print (stripPrefix "the " text <&> length, stripPrefix "a" text)
  putStrLn (intercalate ", " (map (map toUpper) (take 4 ws)))
  print (take 4 (tails [1, 2, 3 :: Int]), inits "abc")
  print (length (subsequences [1 .. 12 :: Int]), take 4 (permutations "abcd"))
  print (length (permutations [1 .. 6 :: Int]))
  print (scanl' (+) 0 [1 .. 10 :: Int], take 5 (iterate' (* 3) (1 :: Int)))
  print (lookup "lazy" (zip ws [0 :: Int ..]), elemIndex "over" ws, findIndex ((> 4) . length) ws)
  print (zip4 [1 :: Int ..] "abc" [True, False, True] ws, uncons ws, singleton 'z')
  let checked = map validate [1 .. 40]
      (bad, good) = partitionEithers checked
  print (bad, sum good, length (lefts checked), length (rights checked))
  print (map (fromLeft "ok") (take 3 checked), fromRight 0 (head checked), filter isLeft checked)
  print (map digitToInt "7f3a", map intToDigit [3, 11, 15], filter isPunctuation text)
  putStrLn (caesar 3 "Hello, World!" & caesar (-3))
  print (groupBy ((==) `on` (`div` 10)) [1, 5, 12, 18, 25, 31, 33 :: Int])
  print (fix (\rec n -> if n <= 1 then 1 else n * rec (n - 1)) (20 :: Int))
  print (Just 4 <&> (* 2), Just 'x' $> "y", void (Just 'q'), [1, 2, 3 :: Int] $> 'k')
  r <- pure 10 <&> (+ (1 :: Int))
  print r
  void (return (3 :: Int))
