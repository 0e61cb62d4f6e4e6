import Control.Monad.State

data Instr = Push Int | Pop | Add | Mul | Dup | Swap | Jz Int | Jmp Int
  deriving Show

type Machine = State [Int]

push :: Int -> Machine ()
push x = modify (x :)

pop :: Machine Int
pop = do
  st <- get
  case st of
    (x : xs) -> do { put xs; return x }
    [] -> return 0

exec :: Instr -> Machine ()
exec (Push n) = push n
exec Pop = pop >> return ()
exec Add = do { a <- pop; b <- pop; push (a + b) }
exec Mul = do { a <- pop; b <- pop; push (a * b) }
exec Dup = do { a <- pop; push a; push a }
exec Swap = do { a <- pop; b <- pop; push a; push b }
exec _ = return ()

run :: [Instr] -> Machine ()
run = mapM_ exec

sumSquares :: Int -> [Instr]
sumSquares n = Push 0 : concatMap (\i -> [Push i, Dup, Mul, Add]) [1 .. n]

main :: IO ()
main = do
  print (execState (run [Push 2, Push 3, Add, Dup, Mul]) [])
  print (execState (run (sumSquares 50)) [])
  print (evalState (run (sumSquares 10) >> pop) [])
  print (runState (mapM (\i -> push i >> gets length) [1 .. 6]) [])
