{- A {- nested -} comment -}
module Main (main) where

import Prelude

infixl 6 |+|
(|+|) :: (Int, Int) -> (Int, Int) -> (Int, Int)
(a, b) |+| (c, d) = (a + c, b + d)

infixr 5 +++
(+++) :: [a] -> [a] -> [a]
xs +++ ys = foldr (:) ys xs

data V = V Int Int deriving Show

dot :: V -> V -> Int
V a b `dot` V c d = a * c + b * d
infixl 7 `dot`

f :: Int -> String
f x = let y = x * 2; z = y + 1 in if z > 10 then "big" else "small"

g :: [Maybe (Int, String)] -> [String]
g ((Just (n, s)) : rest) | n > 0, let t = s ++ "!" = t : g rest
g (_ : rest) = g rest
g [] = []

main :: IO ()
main = do { print ((1, 2) |+| (3, 4) |+| (10, 20))
          ; print ([1, 2] +++ [3] +++ [4, 5])
          ; print (V 1 2 `dot` V 3 4 + 1)
          }
  >> rest
  where
    rest = do
      putStrLn (f 3)
      putStrLn (f 7)
      let h 0 = "zero"
          h n | n < 0 = "neg"
              | otherwise = "pos"
      mapM_ (putStrLn . h) [0, -2, 5]
      print (g [Just (1, "a"), Nothing, Just (0, "b"), Just (2, "c")])
      if length (g []) == 0
        then putStrLn "empty"
        else putStrLn "nonempty"
      print $ case (1 :: Int, "x") of
        (0, _) -> "zero"
        (n, s) | n > 5 -> "big" ++ s
               | otherwise -> "other" ++ s -- a comment --> not an operator
      let { k = 2 ; m = k * k }; print m
      print (let a = 1; b = 2 in a + b, [x | x <- [1 .. 3], then' x])
        where then' = odd
