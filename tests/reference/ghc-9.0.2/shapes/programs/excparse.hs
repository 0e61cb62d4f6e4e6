-- A parser of "key = value" settings that calls error on bad input; the errors are
-- caught as ErrorCall (the ErrorCall pattern, show, displayException) and as
-- SomeException.
import Control.Exception
import Data.Char (isDigit, isSpace, isAlpha)

data Value = IntV Int | ListV [Int] | Flag Bool deriving Show

trim :: String -> String
trim = f . f where f = reverse . dropWhile isSpace

parseInt :: String -> Int
parseInt s
  | not (null s) && all isDigit s = read s
  | otherwise = error ("not a number: " ++ show s)

parseValue :: String -> Value
parseValue s = case trim s of
  "yes" -> Flag True
  "no" -> Flag False
  ('[' : rest) | not (null rest) && last rest == ']' ->
    ListV (map (parseInt . trim) (splitOn ',' (init rest)))
  t -> IntV (parseInt t)

splitOn :: Char -> String -> [String]
splitOn c s = case break (== c) s of
  (a, []) -> [a]
  (a, _ : rest) -> a : splitOn c rest

parseLine :: String -> (String, Value)
parseLine l = case break (== '=') l of
  (k, '=' : v) | all isAlpha (trim k) && not (null (trim k)) -> (trim k, parseValue v)
  _ -> errorWithoutStackTrace ("bad line: " ++ l)

size :: Value -> Int
size (IntV n) = n
size (ListV xs) = sum xs
size (Flag b) = if b then 1 else 0

inputs :: [String]
inputs =
  [ "width = 80", "height=24", "tabs = [2, 4, 8]", "verbose = yes", "color = no"
  , "depth = 1x", "= 3", "ports = [80, 443, x]", "retries = 5", "name 7"
  , "limits = [10,20,30,40]", "scale = ", "debug = yes" ] ++
  [ "key = " ++ show n | n <- [1 .. 60 :: Int] ] ++
  [ "bad" ++ show n ++ " = " ++ show n ++ "z" | n <- [1 .. 20 :: Int] ]

main :: IO ()
main = do
  results <- mapM (\l -> try (evaluate (let (k, v) = parseLine l in length k + size v))) inputs
  mapM_ report (zip inputs (take 14 results))
  let good = [v | Right v <- results]
      bad = length [() | Left (ErrorCall _) <- results]
  putStrLn ("parsed " ++ show (length good) ++ ", failed " ++ show bad ++
            ", total " ++ show (sum good))
  r <- try (evaluate (parseInt "12a"))
  case r of
    Left e -> putStrLn ("[" ++ displayException (e :: ErrorCall) ++ "]")
    Right n -> print n
  r2 <- try (evaluate (size (snd (parseLine "x = [1,2,oops]"))))
  case r2 of
    Left e -> putStrLn ("some: " ++ takeWhile (/= '\n') (show (e :: SomeException)))
    Right n -> print n
  n <- handle (\(ErrorCall m) -> putStrLn ("handled: " ++ m) >> return 0)
              (evaluate (size (parseValue "[1, 2, three]")))
  print n
 where
  report (l, Left (ErrorCall m)) = putStrLn (l ++ " -> error: " ++ m)
  report (l, Right v) = putStrLn (l ++ " -> " ++ show v)
