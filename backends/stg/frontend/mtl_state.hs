-- mtl's State monad (Control.Monad.State: transformers' StateT s Identity and mtl's
-- MonadState instance), compiled with a program that imports it (frontend/mtl.py). The
-- shapes are those of the libraries' optimised code, where the inner monad's dictionary
-- (Identity's, `IdentityMonad') is an argument: each method a function of the dictionary
-- and the state, the dictionaries' fields closures over it, made once (CAFs here, as GHC's
-- dictionaries are CAFs of the program). Lines marked LAZY / STRICT belong to the lazy /
-- strict StateT only, MTL / TRANS to mtl's Control.Monad.State* / transformers'
-- Control.Monad.Trans.State* only.
newtype State s a = StateT { runStateT :: s -> (a, s) }

-- transformers' runState: a function (GHC -O0 calls it; its argument is entered inside)
runState :: State s a -> s -> (a, s)
runState m s = runStateT m s

data IdentityMonad = IdentityMonad

idM :: IdentityMonad
idM = IdentityMonad

-- Identity's methods: the value itself
idBind :: IdentityMonad -> a -> (a -> b) -> b
idBind d m k = case d of IdentityMonad -> k m

idReturn :: IdentityMonad -> a -> a
idReturn d a = case d of IdentityMonad -> a

idFmap :: IdentityMonad -> (a -> b) -> a -> b
idFmap d f a = case d of IdentityMonad -> f a

-- StateT's methods, of the inner monad's dictionary and the state
bindT :: IdentityMonad -> State s a -> (a -> State s b) -> s -> (b, s)
bindT d m k s = idBind d (runStateT m s) (\p ->  -- @LAZY@
  let a = case p of (x, _) -> x  -- @LAZY@
      s' = case p of (_, y) -> y  -- @LAZY@
  in runStateT (k a) s')  -- @LAZY@
bindT d m k s = idBind d (runStateT m s) (\p -> case p of (a, s') -> runStateT (k a) s')  -- @STRICT@

thenT :: IdentityMonad -> State s a -> State s b -> s -> (b, s)
thenT d m k s = idBind d (runStateT m s) (\p ->  -- @LAZY@
  let s' = case p of (_, y) -> y in runStateT k s')  -- @LAZY@
thenT d m k s = idBind d (runStateT m s) (\p -> case p of (_, s') -> runStateT k s')  -- @STRICT@

fmapT :: IdentityMonad -> (a -> b) -> State s a -> s -> (b, s)
fmapT d f m s = idFmap d (\p -> (f (fst p), snd p)) (runStateT m s)  -- @LAZY@
fmapT d f m s = idFmap d (\p -> case p of (a, s') -> (f a, s')) (runStateT m s)  -- @STRICT@

apT :: IdentityMonad -> State s (a -> b) -> State s a -> s -> (b, s)
apT d mf mx s = idBind d (runStateT mf s) (\p -> idBind d (runStateT mx (snd p))  -- @LAZY@
  (\q -> idReturn d ((fst p) (fst q), snd q)))  -- @LAZY@
apT d mf mx s = idBind d (runStateT mf s) (\p -> case p of  -- @STRICT@
  (f, s') -> idBind d (runStateT mx s') (\q -> case q of  -- @STRICT@
    (x, s'') -> idReturn d (f x, s'')))  -- @STRICT@

pureT :: IdentityMonad -> a -> s -> (a, s)
pureT d a s = idReturn d (a, s)

-- the dictionaries' fields that are closures over the inner monad's dictionary
returnField :: IdentityMonad -> a -> s -> (a, s)
returnField d = case d of IdentityMonad -> \a s -> idReturn d (a, s)

getField :: IdentityMonad -> s -> (s, s)
getField d = case d of IdentityMonad -> \s -> idReturn d (s, s)

putField :: IdentityMonad -> s -> s -> ((), s)
putField d = case d of IdentityMonad -> \s _ -> idReturn d ((), s)

stateT :: IdentityMonad -> (s -> (a, s)) -> s -> (a, s)
stateT d f s = idReturn d (f s)

returnS :: a -> s -> (a, s)
returnS = returnField idM

getS :: s -> (s, s)
getS = getField idM

putS :: s -> s -> ((), s)
putS = putField idM

instance Functor (State s) where
  fmap f m = StateT (fmapT idM f m)

instance Applicative (State s) where
  pure a = StateT (pureT idM a)
  mf <*> mx = StateT (apT idM mf mx)
  m *> k = StateT (thenT idM m k)

instance Monad (State s) where
  return a = StateT (returnS a)
  m >>= k = StateT (bindT idM m k)
  m >> k = StateT (thenT idM m k)

-- mtl's MonadState methods (Control.Monad.State): the dictionary's fields
state :: (s -> (a, s)) -> State s a  -- @MTL@
state f = StateT (stateT idM f)  -- @MTL@

get :: State s s  -- @MTL@
get = StateT getS  -- @MTL@

put :: s -> State s ()  -- @MTL@
put s = StateT (putS s)  -- @MTL@

-- mtl's functions of the MonadState class: through its methods
modify :: (s -> s) -> State s ()  -- @MTL@
modify f = state (\s -> ((), f s))  -- @MTL@

modify' :: (s -> s) -> State s ()  -- @MTL@
modify' f = modifyM bindS get put f  -- @MTL@

gets :: (s -> a) -> State s a  -- @MTL@
gets f = getsM bindS returnM get f  -- @MTL@

-- (their workers, given the dictionary's methods)
modifyM :: (State s s -> (s -> State s ()) -> State s ()) -> State s s  -- @MTL@
  -> (s -> State s ()) -> (s -> s) -> State s ()  -- @MTL@
modifyM bind g p f = bind g (\s -> let v = f s in v `seq` p v)  -- @MTL@

getsM :: (State s s -> (s -> State s a) -> State s a) -> (a -> State s a) -> State s s  -- @MTL@
  -> (s -> a) -> State s a  -- @MTL@
getsM bind ret g f = bind g (\s -> ret (f s))  -- @MTL@

bindS :: State s a -> (a -> State s b) -> State s b  -- @MTL@
bindS m k = m >>= k  -- @MTL@

returnM :: a -> State s a  -- @MTL@
returnM a = return a  -- @MTL@

-- transformers' functions (Control.Monad.Trans.State): of the inner monad's dictionary
-- (a use of `get' is a call, as GHC's `get $fMonadIdentity')
getT :: IdentityMonad -> s -> (s, s)  -- @TRANS@
getT d s = idReturn d (s, s)  -- @TRANS@

putT :: IdentityMonad -> s -> s -> ((), s)  -- @TRANS@
putT d s _ = idReturn d ((), s)  -- @TRANS@

modifyT :: IdentityMonad -> (s -> s) -> s -> ((), s)  -- @TRANS@
modifyT d f s = idReturn d ((), f s)  -- @TRANS@

modifyT' :: IdentityMonad -> (s -> s) -> s -> ((), s)  -- @TRANS@
modifyT' d f s = idBind d (idReturn d (s, s)) (\p ->  -- @TRANS@
  let v = f (fst p) in v `seq` idReturn d ((), v))  -- @TRANS@ @LAZY@
  case p of (a, _) -> let v = f a in v `seq` idReturn d ((), v))  -- @TRANS@ @STRICT@

getsT :: IdentityMonad -> (s -> a) -> s -> (a, s)  -- @TRANS@
getsT d f s = idReturn d (f s, s)  -- @TRANS@

state :: (s -> (a, s)) -> State s a  -- @TRANS@
state f = StateT (stateT idM f)  -- @TRANS@

get :: State s s  -- @TRANS@
get = StateT (getT idM)  -- @TRANS@

put :: s -> State s ()  -- @TRANS@
put s = StateT (putT idM s)  -- @TRANS@

modify :: (s -> s) -> State s ()  -- @TRANS@
modify f = StateT (modifyT idM f)  -- @TRANS@

modify' :: (s -> s) -> State s ()  -- @TRANS@
modify' f = StateT (modifyT' idM f)  -- @TRANS@

gets :: (s -> a) -> State s a  -- @TRANS@
gets f = StateT (getsT idM f)  -- @TRANS@

evalState :: State s a -> s -> a
evalState m s = fst (runState m s)

execState :: State s a -> s -> s
execState m s = snd (runState m s)

withState :: (s -> s) -> State s a -> State s a
withState f m = modify f >> m
