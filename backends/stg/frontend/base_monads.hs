-- mtl's Writer and Reader monads (transformers' WriterT w Identity and ReaderT r Identity),
-- compiled with a program that imports Control.Monad.Writer or Control.Monad.Reader
-- (libraries.py: the groups, as base_newtypes.hs's). Writer's log is a list: the subset
-- passes no dictionaries, and `mempty`/`<>' at the instance's `w' are the list's
-- (libraries.check_uses refuses a Writer of another monoid).

-- @group Writer Control.Monad.Trans.Writer.Lazy
newtype Writer w a = Writer# { runWriter :: (a, w) }

writer :: (a, w) -> Writer w a
writer p = Writer# p

execWriter :: Writer w a -> w
execWriter m = snd (runWriter m)

tell :: w -> Writer w ()
tell w = Writer# ((), w)

censor :: (w -> w) -> Writer w a -> Writer w a
censor f m = Writer# (let (a, w) = runWriter m in (a, f w))

listen :: Writer w a -> Writer w (a, w)
listen m = Writer# (let (a, w) = runWriter m in ((a, w), w))

instance Functor (Writer w) where
  fmap f m = Writer# (let (a, w) = runWriter m in (f a, w))

instance Monoid w => Applicative (Writer w) where
  pure a = Writer# (a, mempty)
  mf <*> mx = Writer# (let { (f, w1) = runWriter mf; (x, w2) = runWriter mx }
                       in (f x, w1 <> w2))

instance Monoid w => Monad (Writer w) where
  return a = Writer# (a, mempty)
  m >>= k = Writer# (let { (a, w1) = runWriter m; (b, w2) = runWriter (k a) }
                     in (b, w1 <> w2))

-- @group Reader Control.Monad.Trans.Reader
newtype Reader r a = Reader# { runReader :: r -> a }

reader :: (r -> a) -> Reader r a
reader f = Reader# f

ask :: Reader r r
ask = Reader# (\r -> r)

asks :: (r -> a) -> Reader r a
asks f = Reader# (\r -> f r)

local :: (r -> r) -> Reader r a -> Reader r a
local f m = Reader# (\r -> runReader m (f r))

instance Functor (Reader r) where
  fmap f m = Reader# (\r -> f (runReader m r))

instance Applicative (Reader r) where
  pure a = Reader# (\_ -> a)
  mf <*> mx = Reader# (\r -> runReader mf r (runReader mx r))

instance Monad (Reader r) where
  return a = Reader# (\_ -> a)
  m >>= k = Reader# (\r -> runReader (k (runReader m r)) r)
