-- a hand-written State monad running a small stack machine (own Functor/Applicative/Monad)
data VM = VM { stack :: [Int], pc :: Int, output :: [String], steps :: Int }

newtype St s a = St { runSt :: s -> (a, s) }

instance Functor (St s) where
  fmap f (St g) = St $ \s -> case g s of (a, s') -> (f a, s')

instance Applicative (St s) where
  pure a = St $ \s -> (a, s)
  St f <*> St g = St $ \s -> case f s of
    (h, s1) -> case g s1 of (a, s2) -> (h a, s2)

instance Monad (St s) where
  St g >>= k = St $ \s -> case g s of (a, s') -> runSt (k a) s'

getS :: St s s
getS = St $ \s -> (s, s)

putS :: s -> St s ()
putS s = St $ \_ -> ((), s)

modifyS :: (s -> s) -> St s ()
modifyS f = getS >>= putS . f

data Instr = Push Int | Add | Mul | Sub | Dup | Swap | Pop | Jz Int | Jmp Int | Out | Halt
  deriving (Show, Eq)

push :: Int -> St VM ()
push x = modifyS $ \vm -> vm { stack = x : stack vm }

pop :: St VM Int
pop = do
  vm <- getS
  case stack vm of
    (x : xs) -> putS vm { stack = xs } >> return x
    [] -> return 0

binop :: (Int -> Int -> Int) -> St VM ()
binop f = do
  b <- pop
  a <- pop
  push (f a b)

exec :: Instr -> St VM Bool
exec (Push n) = push n >> next
exec Add = binop (+) >> next
exec Mul = binop (*) >> next
exec Sub = binop (-) >> next
exec Dup = do { x <- pop; push x; push x; next }
exec Swap = do { a <- pop; b <- pop; push a; push b; next }
exec Pop = pop >> next
exec (Jz t) = do
  x <- pop
  if x == 0 then jump t else next
exec (Jmp t) = jump t
exec Out = do
  x <- pop
  modifyS (\vm -> vm { output = show x : output vm })
  next
exec Halt = return False

next :: St VM Bool
next = modifyS (\vm -> vm { pc = pc vm + 1, steps = steps vm + 1 }) >> return True

jump :: Int -> St VM Bool
jump t = modifyS (\vm -> vm { pc = t, steps = steps vm + 1 }) >> return True

runProg :: [Instr] -> St VM ()
runProg prog = do
  vm <- getS
  if pc vm >= length prog || steps vm > 5000
    then return ()
    else do
      more <- exec (prog !! pc vm)
      if more then runProg prog else return ()

-- a jumbled countdown: the machine's own rules (an empty stack pops 0) decide what it does
countdown :: Int -> [Instr]
countdown n =
  [ Push n, Push 0, Swap          -- acc n
  , Dup, Jz 14                    -- 3,4
  , Dup, Out                      -- 5,6
  , Dup, Push 0, Swap, Sub, Swap  -- 7..11
  , Pop, Jmp 15
  , Jmp 22
  , Swap, Push 0, Add, Swap       -- 15..18
  , Dup, Push 1, Sub              -- 19..21 (n-1) on top, falls to 22
  ] ++ [Swap, Pop, Swap, Add, Swap, Jmp 3, Halt]

main :: IO ()
main = do
  let vm0 = VM [] 0 [] 0
      ((), vm) = runSt (runProg [Push 6, Push 7, Mul, Dup, Out, Push 2, Sub, Out, Halt]) vm0
  print (reverse (output vm), stack vm, pc vm, steps vm)
  let ((), vm2) = runSt (runProg (countdown 5)) vm0
  print (reverse (output vm2), take 3 (stack vm2), steps vm2)
  let loop = [Push 10, Dup, Out, Push 1, Sub, Dup, Jz 8, Jmp 1, Halt]
      ((), vm3) = runSt (runProg loop) vm0
  putStrLn (unwords (reverse (output vm3)))
  print (steps vm3)
  let big = [Push 300, Dup, Push 1, Sub, Dup, Jz 7, Jmp 1, Halt]
      ((), vm4) = runSt (runProg big) vm0
  print (length (stack vm4), sum (stack vm4), steps vm4)
  print (fst (runSt (mapM (\x -> modifyS (+ x) >> getS) [1 .. 10]) (0 :: Int)))
  print (snd (runSt (sequence_ (replicate 5 (modifyS (* 2)))) (1 :: Int)))
  print (fst (runSt ((,) <$> getS <*> (putS 9 >> fmap (+ 1) getS)) (4 :: Int)))
