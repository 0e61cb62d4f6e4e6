-- Numbers in English words and Roman numerals both ways
import Data.List (isPrefixOf)

ones :: [String]
ones = words "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen"

tens :: [String]
tens = words "_ _ twenty thirty forty fifty sixty seventy eighty ninety"

say :: Int -> String
say n
  | n < 0 = "minus " ++ say (negate n)
  | n < 20 = ones !! n
  | n < 100 = let (t, o) = n `divMod` 10 in tens !! t ++ (if o == 0 then "" else "-" ++ ones !! o)
  | n < 1000 = let (h, r) = n `divMod` 100 in ones !! h ++ " hundred" ++ rest r
  | otherwise = go scales
  where
    rest 0 = ""
    rest r = " and " ++ say r
    scales = [(1000000000, "billion"), (1000000, "million"), (1000, "thousand")]
    go ((s, w) : more)
      | n >= s = let (q, r) = n `divMod` s
                 in say q ++ " " ++ w ++ (if r == 0 then "" else (if r < 100 then " and " else " ") ++ say r)
      | otherwise = go more
    go [] = error "unreachable"

romanTable :: [(Int, String)]
romanTable = [(1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"),
              (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")]

toRoman :: Int -> String
toRoman 0 = ""
toRoman n = let (v, s) = head [p | p@(v', _) <- romanTable, v' <= n] in s ++ toRoman (n - v)

fromRoman :: String -> Int
fromRoman "" = 0
fromRoman s = case [(v, r) | (v, r) <- romanTable, r `isPrefixOf` s] of
  ((v, r) : _) -> v + fromRoman (drop (length r) s)
  [] -> error ("bad numeral " ++ s)

main :: IO ()
main = do
  mapM_ (putStrLn . say) [0, 7, 13, 20, 42, 100, 115, 999, 1001, 12345, 1000000, 2147483647, -58]
  print (sum (map (length . say) [1 .. 1000]))
  print (map toRoman [1, 4, 9, 14, 40, 90, 400, 1994, 2024, 3999])
  print (all (\n -> fromRoman (toRoman n) == n) [1 .. 2000], sum (map (length . toRoman) [1 .. 2000]))
  print (length (filter ('x' `elem`) (map say [1 .. 500])))
