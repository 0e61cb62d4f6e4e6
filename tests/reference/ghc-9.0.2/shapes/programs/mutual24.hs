-- Mutual recursion between top-level functions and where-bound ones
import Data.Char (isDigit, isSpace)

data Tok = TNum Int | TOp Char | TL | TR deriving (Show, Eq)

tokens :: String -> [Tok]
tokens [] = []
tokens (c : cs)
  | isSpace c = tokens cs
  | isDigit c = let (ds, rest) = span isDigit (c : cs) in TNum (read ds) : tokens rest
  | c == '(' = TL : tokens cs
  | c == ')' = TR : tokens cs
  | otherwise = TOp c : tokens cs

-- expr is top level; term and factor are its where functions and call expr back
expr :: [Tok] -> (Int, [Tok])
expr ts = more v rest
  where
    (v, rest) = term ts
    more acc (TOp '+' : r) = let (w, r') = term r in more (acc + w) r'
    more acc (TOp '-' : r) = let (w, r') = term r in more (acc - w) r'
    more acc r = (acc, r)
    term xs = let (f, r) = factor xs in mulMore f r
    mulMore acc (TOp '*' : r) = let (w, r') = factor r in mulMore (acc * w) r'
    mulMore acc (TOp '/' : r) = let (w, r') = factor r in mulMore (acc `div` w) r'
    mulMore acc r = (acc, r)
    factor (TNum n : r) = (n, r)
    factor (TOp '-' : r) = let (w, r') = factor r in (negate w, r')
    factor (TL : r) = case expr r of
      (w, TR : r') -> (w, r')
      (w, r') -> (w, r')
    factor r = (0, r)

isEven', isOdd' :: Int -> Bool
isEven' 0 = True
isEven' n = isOdd' (n - 1)
isOdd' 0 = False
isOdd' n = isEven' (n - 1)

collatz :: Int -> Int
collatz n = up n 0
  where
    up 1 k = k
    up m k | even m = down (m `div` 2) (k + 1)
           | otherwise = down (3 * m + 1) (k + 1)
    down 1 k = k
    down m k = up m k

hofstadter :: Int -> (Int, Int)
hofstadter n = (f n, m n)
  where
    f 0 = 1
    f k = k - m (f (k - 1))
    m 0 = 0
    m k = k - f (m (k - 1))

main :: IO ()
main = do
  let srcs = ["1 + 2 * 3", "(1 + 2) * 3", "10 / 3 - -4", "2 * (3 + (4 - 1)) * 5"]
             ++ [concat [show i, " * (", show (i + 1), " - ", show (i `mod` 7), ")"] | i <- [1 .. 200 :: Int]]
  mapM_ (print . fst . expr . tokens) (take 4 srcs)
  print (sum (map (fst . expr . tokens) srcs))
  print (map isEven' [0, 7, 100, 1001], length (filter isOdd' [1 .. 300]))
  print (maximum [collatz k | k <- [1 .. 3000]])
  print (map hofstadter [0 .. 25])
