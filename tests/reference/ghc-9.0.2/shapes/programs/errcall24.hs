-- An uncaught `error' deep in the program (session 24): GHC 9.0.2's -prof binary prints
-- its HasCallStack lines and then "CallStack (from -prof):", the cost-centre stack where
-- the error was raised, innermost first.
check :: Int -> Int
check n
  | n > 100 = error ("too big: " ++ show n)
  | otherwise = n * 2

process :: [Int] -> Int
process xs = sum (map check xs)

main :: IO ()
main = do
  print (process [1 .. 10])
  putStrLn "next"
  print (process [95 .. 105])
