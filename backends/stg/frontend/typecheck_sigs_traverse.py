"""The types of prelude_traverse.hs's functions (GHC 9.0.2's, base 4.15), as Haskell
signatures; ``typecheck_env.prelude_env`` reads them with the Prelude's."""

TRAVERSE_SIGS = """toList :: Foldable t => t a -> [a]
foldMap :: (Foldable t, Monoid m) => (a -> m) -> t a -> m
fromLeft :: a -> Either a b -> a
fromRight :: b -> Either a b -> b
isLeft :: Either a b -> Bool
isRight :: Either a b -> Bool
(&) :: a -> (a -> b) -> b
fix :: (a -> a) -> a
(<&>) :: Functor f => f a -> (a -> b) -> f b
($>) :: Functor f => f a -> b -> f b
uncons :: [a] -> Maybe (a, [a])
singleton :: a -> [a]
(<|>) :: Applicative f => f a -> f a -> f a
liftA2 :: Applicative f => (a -> b -> c) -> f a -> f b -> f c
optional :: Applicative f => f a -> f (Maybe a)
empty :: Applicative f => f a
some :: Applicative f => f a -> f [a]
many :: Applicative f => f a -> f [a]
isSubsequenceOf :: Eq a => [a] -> [a] -> Bool
(&&&) :: (a -> b) -> (a -> c) -> a -> (b, c)
(***) :: (a -> b) -> (c -> d) -> (a, c) -> (b, d)
(>>>) :: (a -> b) -> (b -> c) -> a -> c
(<<<) :: (b -> c) -> (a -> b) -> a -> c
bimap :: Bifunctor p => (a -> b) -> (c -> d) -> p a c -> p b d
first :: Bifunctor p => (a -> b) -> p a c -> p b c
second :: Bifunctor p => (b -> c) -> p a b -> p a c
rnf :: NFData a => a -> ()
rwhnf :: a -> ()
deepseq :: NFData a => a -> b -> b
force :: NFData a => a -> a
($!!) :: NFData a => (a -> b) -> a -> b
"""
