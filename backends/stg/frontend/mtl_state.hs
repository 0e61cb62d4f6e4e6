-- mtl's State monad (Control.Monad.State, transformers' StateT s Identity), compiled with a
-- program that imports it (frontend/mtl.py). Lazy: @LAZY@ lines; strict: @STRICT@ lines.
newtype State s a = StateT (s -> (a, s))

runState :: State s a -> s -> (a, s)
runState (StateT f) s = f s

instance Functor (State s) where
  fmap f m = StateT (\s -> let (a, s') = runState m s in (f a, s'))  -- @LAZY@
  fmap f m = StateT (\s -> case runState m s of (a, s') -> (f a, s'))  -- @STRICT@

instance Applicative (State s) where
  pure a = StateT (\s -> (a, s))
  mf <*> mx = StateT (\s -> let { (f, s') = runState mf s; (x, s'') = runState mx s' }  -- @LAZY@
    in (f x, s''))  -- @LAZY@
  mf <*> mx = StateT (\s -> case runState mf s of  -- @STRICT@
    (f, s') -> case runState mx s' of (x, s'') -> (f x, s''))  -- @STRICT@
  m *> k = m >>= \_ -> k

instance Monad (State s) where
  return a = StateT (\s -> (a, s))
  m >>= k = StateT (\s -> let (a, s') = runState m s in runState (k a) s')  -- @LAZY@
  m >>= k = StateT (\s -> case runState m s of (a, s') -> runState (k a) s')  -- @STRICT@
  m >> k = m >>= \_ -> k

state :: (s -> (a, s)) -> State s a
state f = StateT (\s -> f s)

get :: State s s
get = state (\s -> (s, s))

put :: s -> State s ()
put s = state (\_ -> ((), s))

modify :: (s -> s) -> State s ()
modify f = state (\s -> ((), f s))

modify' :: (s -> s) -> State s ()
modify' f = get >>= \s -> put $! f s

gets :: (s -> a) -> State s a
gets f = get >>= \s -> return (f s)

evalState :: State s a -> s -> a
evalState m s = fst (runState m s)

execState :: State s a -> s -> s
execState m s = snd (runState m s)

withState :: (s -> s) -> State s a -> State s a
withState f m = modify f >> m
