-- Mutual recursion: Hofstadter sequences, even/odd, a recursive-descent evaluator
module Main where

import Data.Char (isDigit, isSpace)

female :: Int -> Int
female 0 = 1
female n = n - male (female (n - 1))

male :: Int -> Int
male 0 = 0
male n = n - female (male (n - 1))

isEven', isOdd' :: Int -> Bool
isEven' 0 = True
isEven' n = isOdd' (n - 1)
isOdd' 0 = False
isOdd' n = isEven' (n - 1)

-- expr := term (('+'|'-') term)* ; term := factor (('*'|'/') factor)* ; factor := num | '(' expr ')' | '-' factor
expr :: String -> (Int, String)
expr s = let (v, r) = term s in exprRest v r

exprRest :: Int -> String -> (Int, String)
exprRest acc ('+':r) = let (v, r') = term r in exprRest (acc + v) r'
exprRest acc ('-':r) = let (v, r') = term r in exprRest (acc - v) r'
exprRest acc r = (acc, r)

term :: String -> (Int, String)
term s = let (v, r) = factor s in termRest v r

termRest :: Int -> String -> (Int, String)
termRest acc ('*':r) = let (v, r') = factor r in termRest (acc * v) r'
termRest acc ('/':r) = let (v, r') = factor r in termRest (acc `div` v) r'
termRest acc r = (acc, r)

factor :: String -> (Int, String)
factor ('(':r) = case expr r of
  (v, ')':r') -> (v, r')
  (v, r') -> (v, r')
factor ('-':r) = let (v, r') = factor r in (negate v, r')
factor s = let (ds, r) = span isDigit s in (read ds, r)

eval :: String -> Int
eval = fst . expr . filter (not . isSpace)

-- Q sequence via mutual lists
hofQ :: [Int]
hofQ = 1 : 1 : zipWith3 (\n a b -> qAt (n - a) + qAt (n - b)) [2 ..] (drop 1 hofQ) hofQ
  where qAt i = hofQ !! i

ping :: Int -> [String]
ping 0 = ["done"]
ping n = ("ping " ++ show n) : pong (n - 1)

pong :: Int -> [String]
pong 0 = ["done"]
pong n = ("pong " ++ show n) : ping (n `div` 2)

main :: IO ()
main = do
  print (map female [0 .. 20])
  print (map male [0 .. 20])
  print (sum (map female [0 .. 30]))
  print (map isEven' [0, 7, 100, 1001], isOdd' 4321)
  mapM_ (print . eval) ["1 + 2 * 3", "(1 + 2) * 3", "-4 * (2 - 7) / 3", "2*(3+(4-1)*5)-10/2",
                        "100 - 99 - 1", "((((7))))"]
  print (sum [eval (show a ++ "*" ++ show b ++ "-(" ++ show a ++ "+" ++ show b ++ ")") | a <- [1 .. 20 :: Int], b <- [1 .. 20 :: Int]])
  print (take 30 hofQ)
  print (hofQ !! 400)
  mapM_ putStrLn (ping 100)
