-- Maybe and Either monads in do-notation: validation, lookups, safe arithmetic
import Control.Monad (foldM, zipWithM, when, unless)
import Data.Char (isDigit, isAlpha)

data User = User { uname :: String, age :: Int, email :: String } deriving Show

data Err = Empty String | BadAge Int | BadEmail String | NotNumber String deriving (Show, Eq)

nonEmpty :: String -> String -> Either Err String
nonEmpty field s = if null s then Left (Empty field) else Right s

parseAge :: String -> Either Err Int
parseAge s = do
  unless (not (null s) && all isDigit s) (Left (NotNumber s))
  let n = read s
  when (n < 13 || n > 120) (Left (BadAge n))
  return n

checkEmail :: String -> Either Err String
checkEmail s = case break (== '@') s of
  (u, '@' : d) | not (null u) && '.' `elem` d -> Right s
  _ -> Left (BadEmail s)

mkUser :: (String, String, String) -> Either Err User
mkUser (n, a, e) = do
  n' <- nonEmpty "name" n
  a' <- parseAge a
  e' <- checkEmail e
  return (User n' a' e')

safeDiv :: Int -> Int -> Maybe Int
safeDiv _ 0 = Nothing
safeDiv a b = Just (a `div` b)

chain :: Int -> [Int] -> Maybe Int
chain = foldM safeDiv

phoneBook :: [(String, String)]
phoneBook = [("ann", "bob"), ("bob", "cat"), ("cat", "dan"), ("dan", "eve")]

ages :: [(String, Int)]
ages = [("bob", 31), ("cat", 25), ("dan", 40), ("eve", 19)]

friendOfFriendAge :: String -> Maybe Int
friendOfFriendAge p = do
  f <- lookup p phoneBook
  ff <- lookup f phoneBook
  a <- lookup ff ages
  if a > 20 then Just a else Nothing

rpn :: String -> Either String Int
rpn = fmap head . foldM step [] . words
  where
    step (y : x : st) "+" = Right (x + y : st)
    step (y : x : st) "-" = Right (x - y : st)
    step (y : x : st) "*" = Right (x * y : st)
    step (y : x : st) "/" = if y == 0 then Left "division by zero" else Right (x `div` y : st)
    step st tok | all isDigit tok = Right (read tok : st)
                | otherwise = Left ("bad token " ++ tok ++ " with stack " ++ show st)

main :: IO ()
main = do
  let inputs = [("ann", "30", "ann@x.org"), ("", "30", "a@b.c"), ("bob", "7", "bob@y.com"),
                ("cat", "3x", "cat@z.net"), ("dan", "44", "danmail"), ("eve", "119", "e@v.e")]
  mapM_ (print . mkUser) inputs
  print (mapM mkUser (take 1 inputs), fmap length (traverse mkUser inputs))
  print (either show uname (mkUser (head inputs)))
  print (map (chain 1000000) [[2, 5, 10], [3, 0, 2], []], sequence [Just 1, Just 2], sequence [Just 1, Nothing])
  print (map friendOfFriendAge ["ann", "bob", "cat", "zed"])
  print (zipWithM safeDiv [10, 20, 30] [2, 4, 5], zipWithM safeDiv [1, 2] [1, 0])
  mapM_ (print . rpn) ["3 4 + 2 *", "1 0 /", "2 x +", "5 1 2 + 4 * + 3 -"]
  let exprs = [unwords [show i, show (i + 1), "*", show (i `mod` 5), "-"] | i <- [1 .. 400 :: Int]]
  print (fmap sum (mapM rpn exprs))
  print (sum [a | Just a <- map (\i -> chain (i * 1000) [i, 2, 5]) [1 .. 500]])
