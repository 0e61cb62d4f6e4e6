-- Data.Foldable/Data.Traversable, Data.Function, Data.Functor and Data.Either/Data.List
-- functions ordinary programs reach for (issue 18), part of the Prelude module. traverse,
-- for, sequenceA and asum are mapM, forM, sequence and msum (modules._foldable_aliases),
-- as base's list instances make them; <&>, $> and void at a functor other than IO are
-- fmap at it (directed_ext.py).
infixl 1 &, <&>
infixl 4 $>
infixl 3 <|>
infixr 3 &&&, ***
infixr 1 >>>, <<<
infixr 0 $!!, `deepseq`

-- Foldable's toList at a list is the list itself (at Maybe and containers: directed)
toList xs = xs
-- (foldMap at the checked monoid: directed_ext.foldmap_directed)
foldMap f xs = concatMap f xs

-- Data.Either
fromLeft _ (Left a) = a
fromLeft d (Right _) = d
fromRight _ (Right b) = b
fromRight d (Left _) = d
isLeft (Left _) = True
isLeft (Right _) = False
isRight (Left _) = False
isRight (Right _) = True

-- Data.Function
x & f = f x
fix f = let x = f x in x

-- Control.Arrow at functions (base's Arrow (->) instance); Control.Category's >>> and <<<
(&&&) f g x = (f x, g x)
(***) f g p = (f (fst p), g (snd p))
(>>>) f g x = g (f x)
(<<<) f g x = f (g x)

-- Data.Bifunctor at pairs (lazy in the pair, as base's) and Either (directed_ext.py picks
-- one by the checked type); Control.Arrow's first and second at functions are the pairs'
bimap f g p = bimapPair# f g p
first f p = firstPair# f p
second g p = secondPair# g p
bimapPair# f g p = (f (fst p), g (snd p))
firstPair# f p = (f (fst p), snd p)
secondPair# g p = (fst p, g (snd p))
bimapEither# f _ (Left a) = Left (f a)
bimapEither# _ g (Right b) = Right (g b)
firstEither# f (Left a) = Left (f a)
firstEither# _ (Right b) = Right b
secondEither# _ (Left a) = Left a
secondEither# g (Right b) = Right (g b)

-- Control.DeepSeq: rnf evaluates every field, a program's NFData method where it has one
-- (pipeline's generated rnfCon#: its constructors, the Prelude's Maybe, Either...)
rnf x = rnfCon# x
rwhnf x = x `seq` ()
deepseq a b = rnf a `seq` b
force x = rnf x `seq` x
f $!! x = rnf x `seq` f x
rnfStruct# x = case x of
  [] -> ()
  (a:as) -> rnf a `seq` rnf as
  (a, b) -> rnf a `seq` rnf b
  (a, b, c) -> rnf a `seq` rnf b `seq` rnf c
  (a, b, c, d) -> rnf a `seq` rnf b `seq` rnf c `seq` rnf d
  (a, b, c, d, e) -> rnf a `seq` rnf b `seq` rnf c `seq` rnf d `seq` rnf e
  (a, b, c, d, e, f) -> rnf a `seq` rnf b `seq` rnf c `seq` rnf d `seq` rnf e `seq` rnf f
  (a, b, c, d, e, f, g) ->
    rnf a `seq` rnf b `seq` rnf c `seq` rnf d `seq` rnf e `seq` rnf f `seq` rnf g
  MBin# _ k v l r -> rnf k `seq` rnf v `seq` rnf l `seq` rnf r
  SBin# _ k l r -> rnf k `seq` rnf l `seq` rnf r
  _ -> x `seq` ()

-- Data.Functor at IO (other functors: directed_ext.py)
m <&> f = fmap f m
m $> x = fmap (\_ -> x) m

-- Data.List
uncons [] = Nothing
uncons (x:xs) = Just (x, xs)
singleton x = [x]
isSubsequenceOf [] _ = True
isSubsequenceOf _ [] = False
isSubsequenceOf a@(x:a') (y:b)
  | x == y = isSubsequenceOf a' b
  | otherwise = isSubsequenceOf a b

-- The list monad's mapM & co. are base's Applicative code (Traversable's traverse, Control.
-- Monad's loops) through the list instance's liftA2, so each step's rest is computed once
-- and shared by every choice (directed_monads._LIST_APPLICATIVE); liftA2 and <*> are the
-- instance's comprehensions as base's -O2 code runs them: a loop over the first list, an
-- inner one over the second per element of it.
liftA2List# f xs ys = go1 xs
  where
    go1 [] = []
    go1 (x:xs') = let go2 [] = go1 xs'
                      go2 (y:ys') = f x y : go2 ys'
                  in go2 ys
apList# fs xs = liftA2List# (\f x -> f x) fs xs
traverseList# f xs = foldr (\x ys -> liftA2List# (:) (f x) ys) [[]] xs
forList# xs f = traverseList# f xs
sequenceList# ms = traverseList# (\m -> m) ms
zipWithMList# f xs ys = sequenceList# (zipWith f xs ys)
replicateMList# n m = replicateMListGo# m n
replicateMListGo# m c = if c <= 0 then [[]] else liftA2List# (:) m (replicateMListGo# m (c - 1))
filterMList# p xs =
  foldr (\x r -> liftA2List# (\flg -> if flg then (x :) else (\ys -> ys)) (p x) r) [[]] xs

-- Maybe's and Either's <*> and *> are their instances' own (base 4.15): `Just f <*> m' is
-- `fmap f m', `Right _ *> r' is `r' (directed_monads._APPLICATIVE)
apMaybeA# mf mx = case mf of
  Nothing -> Nothing
  Just f -> fmapMaybe# f mx
apEitherA# mf mx = case mf of
  Left e -> Left e
  Right f -> fmapEither# f mx
-- IO's <*> (base's ap at IO, -O2: the two actions run, the application a thunk) and fmap,
-- as a Traversable instance's method is given them (traversable.py)
apIO# mf mx w = case mf w of
  IO# w1 f -> case mx w1 of IO# w2 x -> IO# w2 (f x)

-- Control.Applicative at Maybe, lists, Either and IO; the names alone stand for the list's
-- (every use is directed by its checked type)
l <|> r = altList# l r
liftA2 f a b = liftA2List# f a b
optional v = optionalList# v
empty = []
mplus l r = altList# l r
mzero = []
guard c = guardList# c
some v = someList# v
many v = manyList# v
-- the instances (directed_ext.applicative_directed):
-- base 4.15's instances
altMaybe# l r = case l of
  Nothing -> r
  Just _ -> l
altList# xs ys = xs ++ ys
-- some and many: base's defaults, two parsers each the other's (instances._alternative)
someList# v = let { mv = altList# sv [[]] ; sv = liftA2List# (:) v mv } in sv
manyList# v = let { mv = altList# sv [[]] ; sv = liftA2List# (:) v mv } in mv
someMaybe# v = let { mv = altMaybe# sv (Just []) ; sv = liftA2Maybe# (:) v mv } in sv
manyMaybe# v = let { mv = altMaybe# sv (Just []) ; sv = liftA2Maybe# (:) v mv } in mv
liftA2Maybe# f ma mb = case ma of
  Nothing -> Nothing
  Just a -> case mb of
    Nothing -> Nothing
    Just b -> Just (f a b)
liftA2Either# f ea eb = case ea of
  Left e -> Left e
  Right a -> case eb of
    Left e -> Left e
    Right b -> Right (f a b)
-- mapM, forM and sequence at Maybe and Either: base's traverse (Traversable []) through
-- the instance's liftA2 (Maybe's own, Either's the class default <*> of fmap); sequence
-- is traverse id, base's id inlined
traverseMaybe# f xs = foldr (\x ys -> liftA2Maybe# (:) (f x) ys) (Just []) xs
forMaybe# xs f = traverseMaybe# f xs
sequenceMaybe# ms = foldr (\m ys -> liftA2Maybe# (:) m ys) (Just []) ms
traverseEither# f xs = foldr (\x ys -> apEitherA# (fmapEither# (:) (f x)) ys) (Right []) xs
forEither# xs f = traverseEither# f xs
sequenceEither# ms = foldr (\m ys -> apEitherA# (fmapEither# (:) m) ys) (Right []) ms
optionalMaybe# v = case v of
  Nothing -> Just Nothing
  Just x -> Just (Just x)
optionalList# v = map Just v ++ [Nothing]
emptyAltMaybe# = Nothing
emptyAltList# = []
-- Control.Monad's guard at Maybe and lists: base's `pure ()' through the instance (a
-- new cell for a list: returnList#)
guardMaybe# c = if c then Just () else Nothing
guardList# c = if c then returnList# () else []
