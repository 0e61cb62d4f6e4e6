{-# LANGUAGE BangPatterns #-}
import Data.List (maximumBy, minimumBy, unfoldr, sortOn, foldl')
import Data.Ord (comparing)

data Expr = Num Integer | Add Expr Expr | Mul Expr Expr | Neg Expr | Var String
  deriving (Show, Eq)

eval :: [(String, Integer)] -> Expr -> Either String Integer
eval _ (Num n) = Right n
eval env (Var v) = maybe (Left ("unbound " ++ v)) Right (lookup v env)
eval env (Add a b) = (+) <$> eval env a <*> eval env b
eval env (Mul a b) = do
  x <- eval env a
  y <- eval env b
  return (x * y)
eval env (Neg e) = negate <$> eval env e

simplify :: Expr -> Expr
simplify e = case e of
  Add (Num 0) x -> simplify x
  Add x (Num 0) -> simplify x
  Mul (Num 1) x -> simplify x
  Mul x (Num 1) -> simplify x
  Mul (Num 0) _ -> Num 0
  Add a b -> Add (simplify a) (simplify b)
  Mul a b -> Mul (simplify a) (simplify b)
  Neg (Neg x) -> simplify x
  _ -> e

collatzLen :: Int -> Int
collatzLen = go 1
  where
    go !acc 1 = acc
    go !acc n
      | even n = go (acc + 1) (n `div` 2)
      | otherwise = go (acc + 1) (3 * n + 1)

digits :: Integer -> [Integer]
digits = reverse . unfoldr step
  where step 0 = Nothing
        step n = let (q, r) = n `divMod` 10 in Just (r, q)

main :: IO ()
main = do
  let env = [("x", 5), ("y", -3)]
  print (eval env (Add (Var "x") (Mul (Num 2) (Var "y"))))
  print (eval env (Add (Var "z") (Num 1)))
  print (simplify (Add (Num 0) (Mul (Num 1) (Neg (Neg (Var "q"))))))
  print (maximumBy (comparing collatzLen) [1 .. 1000], collatzLen 27)
  print (product [1 .. 25 :: Integer], sum (digits (2 ^ 100)))
  print (takeWhile (< 100) (iterate (* 3) 1), until (> 1000) (* 2) 1)
  let (evens, odds) = foldr (\x (es, os) -> if even x then (x : es, os) else (es, x : os)) ([], []) [1 .. 10 :: Int]
  print (evens, odds, gcd 12 18, lcm 4 6, 17 `divMod` 5, (-17) `quotRem` 5)
  print (sortOn negate [3, 1, 2 :: Int], minimumBy (comparing abs) [-3, 2, -1 :: Int])
  print (unzip3 [(1 :: Int, 'a', True), (2, 'b', False)], foldl' (flip (:)) [] "abc")
  mapM_ (putStrLn . unwords . map show) [[i * j | j <- [1 .. 4 :: Int]] | i <- [1 .. 3]]
