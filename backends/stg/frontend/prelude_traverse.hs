-- Data.Foldable/Data.Traversable, Data.Function, Data.Functor and Data.Either/Data.List
-- functions ordinary programs reach for (issue 18), part of the Prelude module. traverse,
-- for, sequenceA and asum are mapM, forM, sequence and msum (modules._foldable_aliases),
-- as base's list instances make them; <&>, $> and void at a functor other than IO are
-- fmap at it (directed_ext.py).
infixl 1 &, <&>
infixl 4 $>

-- Foldable's toList at a list is the list itself (at Maybe and containers: directed)
toList xs = xs

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
