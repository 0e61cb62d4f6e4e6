"""The types of the Prelude's functions and built-in constructors, as Haskell signatures
(``typecheck_env.prelude_env`` reads them; split off for size). A Prelude function without a
line here is unchecked at its uses."""

PRELUDE_SIGS = """
(.&.) :: Bits a => a -> a -> a
(.|.) :: Bits a => a -> a -> a
xor :: Bits a => a -> a -> a
complement :: Bits a => a -> a
shiftL :: Bits a => a -> Int -> a
shiftR :: Bits a => a -> Int -> a
shift :: Bits a => a -> Int -> a
unsafeShiftL :: Bits a => a -> Int -> a
unsafeShiftR :: Bits a => a -> Int -> a
complementBit :: Bits a => a -> Int -> a
popCount :: Bits a => a -> Int
testBit :: Bits a => a -> Int -> Bool
bit :: Bits a => Int -> a
setBit :: Bits a => a -> Int -> a
clearBit :: Bits a => a -> Int -> a
zeroBits :: Bits a => a
id :: a -> a
const :: a -> b -> a
flip :: (a -> b -> c) -> b -> a -> c
(.) :: (b -> c) -> (a -> b) -> a -> c
($) :: (a -> b) -> a -> b
($!) :: (a -> b) -> a -> b
seq :: a -> b -> b
fst :: (a, b) -> a
snd :: (a, b) -> b
curry :: ((a, b) -> c) -> a -> b -> c
uncurry :: (a -> b -> c) -> (a, b) -> c
until :: (a -> Bool) -> (a -> a) -> a -> a
asTypeOf :: a -> a -> a
otherwise :: Bool
(&&) :: Bool -> Bool -> Bool
(||) :: Bool -> Bool -> Bool
not :: Bool -> Bool
maybe :: b -> (a -> b) -> Maybe a -> b
fromMaybe :: a -> Maybe a -> a
fromJust :: Maybe a -> a
isJust :: Maybe a -> Bool
isNothing :: Maybe a -> Bool
catMaybes :: [Maybe a] -> [a]
mapMaybe :: (a -> Maybe b) -> [a] -> [b]
either :: (a -> c) -> (b -> c) -> Either a b -> c
errorWithoutStackTrace :: [Char] -> a
error :: [Char] -> a
errorCalledAt :: [Char] -> [Char] -> a
undefined :: a
undefinedCalledAt :: [Char] -> a
(+) :: Num a => a -> a -> a
(-) :: Num a => a -> a -> a
(*) :: Num a => a -> a -> a
(/) :: Fractional a => a -> a -> a
negate :: Num a => a -> a
abs :: Num a => a -> a
signum :: Num a => a -> a
quot :: Integral a => a -> a -> a
rem :: Integral a => a -> a -> a
div :: Integral a => a -> a -> a
mod :: Integral a => a -> a -> a
quotRem :: Integral a => a -> a -> (a, a)
divMod :: Integral a => a -> a -> (a, a)
subtract :: Num a => a -> a -> a
(**) :: Floating a => a -> a -> a
sqrt :: Floating a => a -> a
exp :: Floating a => a -> a
log :: Floating a => a -> a
logBase :: Floating a => a -> a -> a
sin :: Floating a => a -> a
cos :: Floating a => a -> a
tan :: Floating a => a -> a
asin :: Floating a => a -> a
acos :: Floating a => a -> a
atan :: Floating a => a -> a
atan2 :: RealFloat a => a -> a -> a
pi :: Floating a => a
truncate :: (RealFrac a, Integral b) => a -> b
round :: (RealFrac a, Integral b) => a -> b
floor :: (RealFrac a, Integral b) => a -> b
ceiling :: (RealFrac a, Integral b) => a -> b
properFraction :: (RealFrac a, Integral b) => a -> (b, a)
fromIntegral :: (Integral a, Num b) => a -> b
fromInteger :: Num a => Integer -> a
toInteger :: Integral a => a -> Integer
realToFrac :: (Real a, Fractional b) => a -> b
ord :: Char -> Int
chr :: Int -> Char
fromEnum :: Enum a => a -> Int
succ :: Enum a => a -> a
toEnum :: Enum a => Int -> a
minBound :: Bounded a => a
maxBound :: Bounded a => a
pred :: Enum a => a -> a
even :: Integral a => a -> Bool
odd :: Integral a => a -> Bool
gcd :: Integral a => a -> a -> a
gcd' :: Integral a => a -> a -> a
lcm :: Integral a => a -> a -> a
(^) :: (Num a, Integral b) => a -> b -> a
powF :: (Num a, Integral b) => a -> b -> a
powG :: (Num a, Integral b) => a -> b -> a -> a
(==) :: Eq a => a -> a -> Bool
(/=) :: Eq a => a -> a -> Bool
compare :: Ord a => a -> a -> Ordering
(<) :: Ord a => a -> a -> Bool
(<=) :: Ord a => a -> a -> Bool
(>) :: Ord a => a -> a -> Bool
(>=) :: Ord a => a -> a -> Bool
max :: Ord a => a -> a -> a
min :: Ord a => a -> a -> a
show :: Show a => a -> String
read :: Read a => String -> a
printf :: PrintfType r => String -> r
getArgs :: IO [String]
getProgName :: IO String
shows :: Show a => a -> ShowS
showString :: String -> ShowS
showChar :: Char -> ShowS
showParen :: Bool -> ShowS -> ShowS
showSpace :: ShowS
showCommaSpace :: ShowS
showsPrec :: Show a => Int -> a -> ShowS
showLitChar :: Char -> ShowS
isDigit :: Char -> Bool
isSpace :: Char -> Bool
isUpper :: Char -> Bool
isLower :: Char -> Bool
isAlpha :: Char -> Bool
isAlphaNum :: Char -> Bool
isPunctuation :: Char -> Bool
toUpper :: Char -> Char
toLower :: Char -> Char
digitToInt :: Char -> Int
intToDigit :: Int -> Char
map :: (a -> b) -> [a] -> [b]
(++) :: [a] -> [a] -> [a]
unfoldr :: (b -> Maybe (a, b)) -> b -> [a]
(\\\\) :: Eq a => [a] -> [a] -> [a]
genericLength :: Num i => [a] -> i
genericTake :: Integral i => i -> [a] -> [a]
genericDrop :: Integral i => i -> [a] -> [a]
genericReplicate :: Integral i => i -> a -> [a]
genericSplitAt :: Integral i => i -> [a] -> ([a], [a])
(<>) :: Semigroup a => a -> a -> a
mappend :: Monoid a => a -> a -> a
mempty :: Monoid a => a
mconcat :: Monoid a => [a] -> a
filter :: (a -> Bool) -> [a] -> [a]
foldr :: Foldable t => (a -> b -> b) -> b -> t a -> b
foldl :: Foldable t => (b -> a -> b) -> b -> t a -> b
foldl' :: Foldable t => (b -> a -> b) -> b -> t a -> b
foldr1 :: Foldable t => (a -> a -> a) -> t a -> a
foldl1 :: Foldable t => (a -> a -> a) -> t a -> a
scanl :: (b -> a -> b) -> b -> [a] -> [b]
scanr :: (a -> b -> b) -> b -> [a] -> [b]
sum :: (Foldable t, Num a) => t a -> a
product :: (Foldable t, Num a) => t a -> a
length :: Foldable t => t a -> Int
reverse :: [a] -> [a]
head :: [a] -> a
tail :: [a] -> [a]
last :: [a] -> a
init :: [a] -> [a]
null :: Foldable t => t a -> Bool
(!!) :: [a] -> Int -> a
elem :: (Foldable t, Eq a) => a -> t a -> Bool
notElem :: (Foldable t, Eq a) => a -> t a -> Bool
and :: Foldable t => t Bool -> Bool
or :: Foldable t => t Bool -> Bool
any :: Foldable t => (a -> Bool) -> t a -> Bool
all :: Foldable t => (a -> Bool) -> t a -> Bool
concat :: Foldable t => t [a] -> [a]
concatMap :: Foldable t => (a -> [b]) -> t a -> [b]
lookup :: Eq a => a -> [(a, b)] -> Maybe b
replicate :: Int -> a -> [a]
iterate :: (a -> a) -> a -> [a]
repeat :: a -> [a]
cycle :: [a] -> [a]
take :: Int -> [a] -> [a]
drop :: Int -> [a] -> [a]
splitAt :: Int -> [a] -> ([a], [a])
takeWhile :: (a -> Bool) -> [a] -> [a]
dropWhile :: (a -> Bool) -> [a] -> [a]
span :: (a -> Bool) -> [a] -> ([a], [a])
break :: (a -> Bool) -> [a] -> ([a], [a])
zip :: [a] -> [b] -> [(a, b)]
zip3 :: [a] -> [b] -> [c] -> [(a, b, c)]
zipWith :: (a -> b -> c) -> [a] -> [b] -> [c]
zipWith3 :: (a -> b -> c -> d) -> [a] -> [b] -> [c] -> [d]
unzip :: [(a, b)] -> ([a], [b])
unzip3 :: [(a, b, c)] -> ([a], [b], [c])
maximum :: (Foldable t, Ord a) => t a -> a
minimum :: (Foldable t, Ord a) => t a -> a
lines :: String -> [String]
unlines :: [String] -> String
words :: String -> [String]
unwords :: [String] -> String
intercalate :: [a] -> [[a]] -> [a]
intersperse :: a -> [a] -> [a]
isPrefixOf :: Eq a => [a] -> [a] -> Bool
isSuffixOf :: Eq a => [a] -> [a] -> Bool
partition :: (a -> Bool) -> [a] -> ([a], [a])
nub :: Eq a => [a] -> [a]
sum' :: Num a => [a] -> a
sort :: Ord a => [a] -> [a]
sortBy :: (a -> a -> Ordering) -> [a] -> [a]
insert :: Ord a => a -> [a] -> [a]
insertBy :: (a -> a -> Ordering) -> a -> [a] -> [a]
group :: Eq a => [a] -> [[a]]
groupBy :: (a -> a -> Bool) -> [a] -> [[a]]
sortOn :: Ord b => (a -> b) -> [a] -> [a]
transpose :: [[a]] -> [[a]]
isInfixOf :: Eq a => [a] -> [a] -> Bool
tails :: [a] -> [[a]]
inits :: [a] -> [[a]]
maximumBy :: (a -> a -> Ordering) -> [a] -> a
minimumBy :: (a -> a -> Ordering) -> [a] -> a
comparing :: Ord a => (b -> a) -> b -> b -> Ordering
on :: (b -> b -> c) -> (a -> b) -> a -> a -> c
dropWhileEnd :: (a -> Bool) -> [a] -> [a]
stripPrefix :: Eq a => [a] -> [a] -> Maybe [a]
scanl1 :: (a -> a -> a) -> [a] -> [a]
scanr1 :: (a -> a -> a) -> [a] -> [a]
subsequences :: [a] -> [[a]]
permutations :: [a] -> [[a]]
delete :: Eq a => a -> [a] -> [a]
deleteBy :: (a -> a -> Bool) -> a -> [a] -> [a]
union :: Eq a => [a] -> [a] -> [a]
unionBy :: (a -> a -> Bool) -> [a] -> [a] -> [a]
nubBy :: (a -> a -> Bool) -> [a] -> [a]
intersect :: Eq a => [a] -> [a] -> [a]
intersectBy :: (a -> a -> Bool) -> [a] -> [a] -> [a]
find :: (a -> Bool) -> [a] -> Maybe a
findIndex :: (a -> Bool) -> [a] -> Maybe Int
findIndices :: (a -> Bool) -> [a] -> [Int]
elemIndex :: Eq a => a -> [a] -> Maybe Int
elemIndices :: Eq a => a -> [a] -> [Int]
listToMaybe :: [a] -> Maybe a
maybeToList :: Maybe a -> [a]
enumFrom :: Enum a => a -> [a]
enumFromThen :: Enum a => a -> a -> [a]
enumFromTo :: Enum a => a -> a -> [a]
enumFromThenTo :: Enum a => a -> a -> a -> [a]
return :: Monad m => a -> m a
fail :: MonadFail m => String -> m a
pure :: Applicative f => a -> f a
(>>=) :: Monad m => m a -> (a -> m b) -> m b
(>>) :: Monad m => m a -> m b -> m b
(=<<) :: Monad m => (a -> m b) -> m a -> m b
fmap :: Functor f => (a -> b) -> f a -> f b
(<$>) :: Functor f => (a -> b) -> f a -> f b
(<$) :: Functor f => a -> f b -> f a
putStr :: String -> IO ()
putStrLn :: String -> IO ()
putChar :: Char -> IO ()
print :: Show a => a -> IO ()
mapM_ :: (Foldable t, Monad m) => (a -> m b) -> t a -> m ()
forM_ :: (Foldable t, Monad m) => t a -> (a -> m b) -> m ()
mapM :: (Traversable t, Monad m) => (a -> m b) -> t a -> m (t b)
forM :: (Traversable t, Monad m) => t a -> (a -> m b) -> m (t b)
sequence_ :: (Foldable t, Monad m) => t (m a) -> m ()
sequence :: (Traversable t, Monad m) => t (m a) -> m (t a)
when :: Applicative f => Bool -> f () -> f ()
foldM :: Monad m => (b -> a -> m b) -> b -> [a] -> m b
join :: Monad m => m (m a) -> m a
liftM :: Monad m => (a -> r) -> m a -> m r
liftM2 :: Monad m => (a -> b -> r) -> m a -> m b -> m r
ap :: Monad m => m (a -> b) -> m a -> m b
(>=>) :: Monad m => (a -> m b) -> (b -> m c) -> a -> m c
(<=<) :: Monad m => (b -> m c) -> (a -> m b) -> a -> m c
(<$!>) :: Monad m => (a -> b) -> m a -> m b
mplus :: Applicative m => m a -> m a -> m a
mzero :: Applicative m => m a
guard :: Applicative f => Bool -> f ()
(<*>) :: Applicative f => f (a -> b) -> f a -> f b
(*>) :: Applicative f => f a -> f b -> f b
(<*) :: Applicative f => f a -> f b -> f a
zipWithM :: Applicative m => (a -> b -> m c) -> [a] -> [b] -> m [c]
zipWithM_ :: Applicative m => (a -> b -> m c) -> [a] -> [b] -> m ()
filterM :: Applicative m => (a -> m Bool) -> [a] -> m [a]
replicateM_ :: Applicative m => Int -> m a -> m ()
replicateM :: Applicative m => Int -> m a -> m [a]
unless :: Applicative f => Bool -> f () -> f ()
newIORef :: a -> IO (IORef a)
readIORef :: IORef a -> IO a
writeIORef :: IORef a -> a -> IO ()
atomicWriteIORef :: IORef a -> a -> IO ()
modifyIORef :: IORef a -> (a -> a) -> IO ()
modifyIORef' :: IORef a -> (a -> a) -> IO ()
atomicModifyIORef :: IORef a -> (a -> (a, b)) -> IO b
atomicModifyIORef' :: IORef a -> (a -> (a, b)) -> IO b
range :: Ix a => (a, a) -> [a]
index :: Ix a => (a, a) -> a -> Int
inRange :: Ix a => (a, a) -> a -> Bool
rangeSize :: Ix a => (a, a) -> Int
"""

CONSTRUCTOR_SIGS = """
False :: Bool
True :: Bool
[] :: [a]
(:) :: a -> [a] -> [a]
() :: ()
(,) :: a -> b -> (a, b)
(,,) :: a -> b -> c -> (a, b, c)
(,,,) :: a -> b -> c -> d -> (a, b, c, d)
(,,,,) :: a -> b -> c -> d -> e -> (a, b, c, d, e)
(,,,,,) :: a -> b -> c -> d -> e -> f -> (a, b, c, d, e, f)
(,,,,,,) :: a -> b -> c -> d -> e -> f -> g -> (a, b, c, d, e, f, g)
Nothing :: Maybe a
Just :: a -> Maybe a
LT :: Ordering
EQ :: Ordering
GT :: Ordering
Left :: a -> Either a b
Right :: b -> Either a b
"""
#: the tuple constructors of 8 to 15 components (GHC's instances stop at 15)
CONSTRUCTOR_SIGS += "".join(
    f"({',' * (n - 1)}) :: {' -> '.join('abcdefghijklmno'[:n])} -> "
    f"({', '.join('abcdefghijklmno'[:n])})\n" for n in range(8, 16))
