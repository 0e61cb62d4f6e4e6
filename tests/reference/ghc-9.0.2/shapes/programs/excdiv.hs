-- A safe-division calculator: integer operations over many operand pairs, division by
-- zero caught as ArithException (try and catch), with a summary.
import Control.Exception

data Op = Div | Mod | Quot | Rem deriving (Show, Eq)

apply :: Op -> Int -> Int -> Int
apply Div a b = a `div` b
apply Mod a b = a `mod` b
apply Quot a b = a `quot` b
apply Rem a b = a `rem` b

safe :: Op -> Int -> Int -> IO (Either ArithException Int)
safe op a b = try (evaluate (apply op a b))

orZero :: Op -> Int -> Int -> IO Int
orZero op a b = evaluate (apply op a b) `catch` handler
  where
    handler :: ArithException -> IO Int
    handler _ = return 0

pairs :: [(Int, Int)]
pairs = [(a, b) | a <- [-20, -13 .. 60], b <- [-3 .. 4]]

tally :: [Either ArithException Int] -> (Int, Int, Int)
tally = foldr step (0, 0, 0)
  where
    step (Left _) (ok, bad, s) = (ok, bad + 1, s)
    step (Right v) (ok, bad, s) = (ok + 1, bad, s + v)

main :: IO ()
main = do
  mapM_ (\op -> do
           rs <- mapM (\(a, b) -> safe op a b) pairs
           let (ok, bad, s) = tally rs
           putStrLn (show op ++ ": " ++ show ok ++ " ok, " ++ show bad ++ " failed, sum " ++ show s))
        [Div, Mod, Quot, Rem]
  r <- safe Div 7 0
  print r
  case r of
    Left DivideByZero -> putStrLn "divide by zero caught"
    Left e -> putStrLn ("other: " ++ show e)
    Right v -> print v
  zs <- mapM (\(a, b) -> orZero Div a b) pairs
  print (sum zs, length (filter (== 0) zs))
  r2 <- try (evaluate (product [1 .. 5 :: Int] `div` (3 - 3)))
  putStrLn (either (\e -> "error: " ++ show (e :: ArithException)) show r2)
  r3 <- try (evaluate (10 `div` 2)) :: IO (Either SomeException Int)
  print (either (const (-1)) id r3)
