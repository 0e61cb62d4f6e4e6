-- A stack VM run in Control.Monad.State with a record state, labels and jumps
import Control.Monad.State
import qualified Data.Map as Map
import Data.Maybe (fromMaybe)

data Instr = Push Int | Pop | Add | Sub | Mul | Dup | Swap
           | Jmp String | Jz String | Label String | Print | Load String | Store String
  deriving (Show, Eq)

data VM = VM { stack :: [Int], vars :: Map.Map String Int, output :: [String], steps :: Int }

type Run = State VM

push :: Int -> Run ()
push x = modify $ \vm -> vm { stack = x : stack vm }

pop :: Run Int
pop = do
  vm <- get
  case stack vm of
    (x : rest) -> do put vm { stack = rest }; return x
    [] -> return 0

binop :: (Int -> Int -> Int) -> Run ()
binop f = do
  b <- pop
  a <- pop
  push (f a b)

labels :: [Instr] -> Map.Map String Int
labels prog = Map.fromList [(l, i) | (i, Label l) <- zip [0 ..] prog]

exec :: [Instr] -> Map.Map String Int -> Int -> Run ()
exec prog ls pc
  | pc >= length prog = return ()
  | otherwise = do
      modify (\vm -> vm { steps = steps vm + 1 })
      next <- step (prog !! pc)
      exec prog ls next
  where
    jump l = fromMaybe (length prog) (Map.lookup l ls)
    step i = case i of
      Push n -> push n >> return (pc + 1)
      Pop -> pop >> return (pc + 1)
      Add -> binop (+) >> return (pc + 1)
      Sub -> binop (-) >> return (pc + 1)
      Mul -> binop (*) >> return (pc + 1)
      Dup -> do x <- pop; push x; push x; return (pc + 1)
      Swap -> do a <- pop; b <- pop; push a; push b; return (pc + 1)
      Jmp l -> return (jump l)
      Jz l -> do x <- pop; return (if x == 0 then jump l else pc + 1)
      Label _ -> return (pc + 1)
      Print -> do
        x <- pop
        modify (\vm -> vm { output = show x : output vm })
        return (pc + 1)
      Load v -> do
        m <- gets vars
        push (Map.findWithDefault 0 v m)
        return (pc + 1)
      Store v -> do
        x <- pop
        modify (\vm -> vm { vars = Map.insert v x (vars vm) })
        return (pc + 1)

runProgram :: [Instr] -> VM
runProgram prog = execState (exec prog (labels prog) 0) (VM [] Map.empty [] 0)

-- sum of squares 1..n and factorial n, as loops
sumSquares :: Int -> [Instr]
sumSquares n =
  [ Push n, Store "i", Push 0, Store "acc", Label "loop", Load "i", Jz "end"
  , Load "i", Dup, Mul, Load "acc", Add, Store "acc"
  , Load "i", Push 1, Sub, Store "i", Jmp "loop", Label "end", Load "acc", Print ]

factorial :: Int -> [Instr]
factorial n =
  [ Push 1, Store "f", Push n, Store "k", Label "top", Load "k", Jz "done"
  , Load "f", Load "k", Mul, Store "f", Load "k", Print
  , Load "k", Push 1, Sub, Store "k", Jmp "top", Label "done", Load "f", Print ]

counter :: State Int [Int]
counter = forM [1 .. 10] $ \i -> do
  modify (+ i)
  n <- get
  when (even n) $ put (n `div` 2)
  gets (* 3)

main :: IO ()
main = do
  let vm1 = runProgram (sumSquares 40)
  putStrLn (unwords (reverse (output vm1)))
  print (steps vm1, Map.toList (vars vm1))
  let vm2 = runProgram (factorial 12)
  putStrLn (unwords (reverse (output vm2)))
  print (steps vm2, stack vm2)
  print (runState counter 0)
  print (evalState (mapM (\x -> state (\s -> (x + s, s + 1))) [10, 20, 30]) 5)
