import Data.Char (isDigit, isSpace)

data Token = TNum Int | TOp Char | TBad String deriving (Show, Eq)

tokenize :: String -> [Token]
tokenize = map classify . words
  where
    classify w
      | all isDigit w = TNum (read w)
      | w `elem` ["+", "-", "*", "/"] = TOp (head w)
      | otherwise = TBad w

evalRPN :: [Token] -> Either String Int
evalRPN = go []
  where
    go [x] [] = Right x
    go st [] = Left ("bad stack: " ++ show (length st))
    go st (TNum n : ts) = go (n : st) ts
    go (y:x:st) (TOp o : ts) = case apply o x y of
      Just v -> go (v : st) ts
      Nothing -> Left "division by zero"
    go _ (TOp o : _) = Left ("not enough operands for " ++ [o])
    go _ (TBad w : _) = Left ("bad token " ++ show w)

apply :: Char -> Int -> Int -> Maybe Int
apply '+' a b = Just (a + b)
apply '-' a b = Just (a - b)
apply '*' a b = Just (a * b)
apply '/' _ 0 = Nothing
apply '/' a b = Just (a `div` b)
apply _ _ _ = Nothing

toRPN :: Int -> String
toRPN n = unwords (show n : concat [[show k, op k] | k <- [1 .. n]])
  where op k = if k `mod` 3 == 0 then "-" else "+"

trim :: String -> String
trim = f . f where f = reverse . dropWhile isSpace

main :: IO ()
main = do
  let exprs = ["3 4 +", "5 1 2 + 4 * + 3 -", "2 3 4 * +", "1 +", "4 0 /", "7 x *", "1 2 3"]
  mapM_ (\e -> putStrLn (trim ("  " ++ e ++ "  ") ++ " => " ++ either id show (evalRPN (tokenize e)))) exprs
  print (evalRPN (tokenize (toRPN 400)))
  print (length (tokenize (toRPN 400)))
  print (read "[1,2,3]" :: [Int])
  print (sum (map (read :: String -> Int) (words "10 20 30 -5")))
