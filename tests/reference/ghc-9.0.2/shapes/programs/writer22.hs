import Control.Monad.Writer
import Control.Monad.Reader

collatz :: Int -> Writer [Int] Int
collatz 1 = do
  tell [1]
  return 0
collatz n = do
  tell [n]
  steps <- collatz (if even n then n `div` 2 else 3 * n + 1)
  return (steps + 1)

logged :: Int -> Writer [String] Int
logged x = do
  tell ["start " ++ show x]
  let y = x * x
  when (y > 10) $ tell ["big"]
  tell ["done"]
  return y

data Config = Config { verbose :: Bool, depth :: Int }

describe :: String -> Reader Config String
describe s = do
  v <- asks verbose
  d <- asks depth
  extra <- local (\c -> c { depth = depth c + 1 }) (asks depth)
  return (if v then s ++ " at " ++ show d ++ "/" ++ show extra else s)

main :: IO ()
main = do
  print (runWriter (collatz 6))
  print (runWriter (mapM logged [2, 5]))
  print (execWriter (forM_ [1 .. 5 :: Int] (\i -> when (odd i) (tell [i]))))
  putStrLn (runReader (describe "x") (Config True 3))
  print (runReader (mapM describe ["a", "b"]) (Config False 0))
  print (runReader ask 42 :: Int)
