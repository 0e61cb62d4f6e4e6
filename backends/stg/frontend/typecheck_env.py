"""Type syntax and the initial environment of the Haskell-subset type checker.

The parser keeps no types (signatures, ``data`` fields and ``type`` synonyms are skipped),
so the checker reads them again from the tokens inside the spans the AST records. A type
this module cannot read (an unknown type constructor or class, a higher-rank ``forall``)
raises ``Unreadable``; the checker then drops that signature (or leaves those
constructor fields unchecked) instead of refusing the program.

The Prelude's functions get GHC 9.0.2's types (base 4.15: the list functions that are
``Foldable`` there are ``Foldable`` here), written as Haskell signatures below.
"""

from __future__ import annotations

import functools

from . import syntax as S
from . import typecheck_types as T
from .lexer import Token, tokenize


class Unreadable(Exception):
    """A type the checker does not model."""


class Scheme:
    """``forall g0..g(n-1). preds => type`` (bound variables are ``TGen``)."""

    __slots__ = ("n", "preds", "type")

    def __init__(self, n: int, preds: list[tuple[str, T.Type]], type_: T.Type):
        self.n = n
        self.preds = preds
        self.type = type_


class Sig:
    """A signature read from the source: its scheme and its type variables' names."""

    __slots__ = ("scheme", "names", "span")

    def __init__(self, scheme: Scheme, names: list[str], span: S.Span):
        self.scheme = scheme
        self.names = names
        self.span = span


# ------------------------------------------------------------------------------ syntax
# raw types: ("con", name) ("var", name) ("app", f, x) ("fun", a, b) ("list", t)
#            ("tuple", [t...])


class TypeReader:
    def __init__(self, toks: list[Token], classes: frozenset[str] | set[str] = frozenset()):
        self.toks = toks
        self.i = 0
        self.classes = classes  # the program's own classes, besides the Prelude's

    def peek(self) -> Token | None:
        return self.toks[self.i] if self.i < len(self.toks) else None

    def at(self, kind: str, text: str | None = None) -> bool:
        t = self.peek()
        return t is not None and t.is_(kind, text)

    def take(self, kind: str, text: str | None = None) -> Token:
        t = self.peek()
        if t is None or not t.is_(kind, text):
            raise Unreadable(f"expected {text or kind}")
        self.i += 1
        return t

    def sig(self) -> tuple[list[tuple[str, tuple]], tuple]:
        """``[forall vs.] [context =>] type``: (context, type)."""
        if self.at("varid", "forall"):
            self.i += 1
            while self.at("varid"):
                self.i += 1
            self.take("varsym", ".")
        t = self.type_(True)
        if self.at("reservedop", "=>"):
            self.i += 1
            return context(t, self.classes), self.type_()
        return [], t

    def type_(self, before_context: bool = False) -> tuple:
        if self.at("varid", "forall"):
            raise Unreadable("higher-rank type")
        t = self.btype()
        if self.at("reservedop", "->"):
            self.i += 1
            return ("fun", t, self.type_())
        if self.at("reservedop", "=>") and not before_context:
            raise Unreadable("nested context")
        return t

    def atype_start(self) -> bool:
        t = self.peek()
        return t is not None and (t.kind in ("conid", "varid") and t.text != "forall" or
                                  t.kind == "special" and t.text in "([")

    def btype(self) -> tuple:
        if not self.atype_start():
            raise Unreadable("expected a type")
        t = self.atype()
        while self.atype_start():
            t = ("app", t, self.atype())
        return t

    def atype(self) -> tuple:
        t = self.peek()
        assert t is not None
        self.i += 1
        if t.kind == "conid":
            return ("con", t.text)
        if t.kind == "varid":
            return ("var", t.text)
        if t.text == "[":
            if self.at("special", "]"):
                self.i += 1
                return ("con", "[]")
            inner = self.type_()
            self.take("special", "]")
            return ("list", inner)
        # "("
        if self.at("special", ")"):
            self.i += 1
            return ("con", "()")
        if self.at("reservedop", "->"):
            self.i += 1
            self.take("special", ")")
            return ("con", "->")
        if self.at("special", ","):
            n = 1
            while self.at("special", ","):
                self.i += 1
                n += 1
            self.take("special", ")")
            return ("con", "(" + "," * (n - 1) + ")")
        items = [self.type_()]
        while self.at("special", ","):
            self.i += 1
            items.append(self.type_())
        self.take("special", ")")
        return items[0] if len(items) == 1 else ("tuple", items)

    def done(self) -> None:
        if self.i != len(self.toks):
            raise Unreadable("trailing tokens")


def context(t: tuple, own: frozenset[str] | set[str] = frozenset()) -> list[tuple[str, tuple]]:
    items = t[1] if t[0] == "tuple" else ([] if t == ("con", "()") else [t])
    out = []
    for p in items:
        args = []
        while p[0] == "app":
            args.append(p[2])
            p = p[1]
        if p[0] != "con" or len(args) != 1 or p[1] not in T.SUPERCLASSES and p[1] not in own:
            raise Unreadable("unknown class or constraint")
        out.append((p[1], args[0]))
    return out


# ------------------------------------------------------------------------------ conversion

BUILTIN_TYCONS = {name: T.con(name) for name in (
    "Int", "Integer", "Double", "Float", "Char", "Bool", "Ordering", "IO", "Maybe", "Either",
    "()", "[]", "->", "(,)", "(,,)", "(,,,)", "(,,,,)", "(,,,,,)", "(,,,,,,)")}
BUILTIN_SYNONYMS: dict[str, tuple[list[str], tuple]] = {
    "String": ([], ("list", ("con", "Char"))),
    "FilePath": ([], ("list", ("con", "Char"))),
    "ShowS": ([], ("fun", ("list", ("con", "Char")), ("list", ("con", "Char")))),
}


class TypeScope:
    """The type constructors and synonyms in scope (the Prelude's and the program's)."""

    def __init__(self) -> None:
        self.tycons: dict[str, T.TCon] = dict(BUILTIN_TYCONS)
        self.synonyms: dict[str, tuple[list[str], tuple]] = dict(BUILTIN_SYNONYMS)

    def convert(self, r: tuple, tyvars: dict[str, T.Type], depth: int = 0) -> T.Type:
        if depth > 50:
            raise Unreadable("synonym loop")
        args: list[tuple] = []
        h = r
        while h[0] == "app":
            args.append(h[2])
            h = h[1]
        args.reverse()
        if h[0] == "con" and h[1] in self.synonyms:
            params, body = self.synonyms[h[1]]
            if len(args) < len(params):
                raise Unreadable("partially applied synonym")
            sub = {p: self.convert(a, tyvars, depth + 1) for p, a in zip(params, args)}
            t = self.convert(body, sub, depth + 1)
            # remember the synonym's name for -hy (describe): GHC keeps it in binder types
            if isinstance(t, T.TAp):
                t = T.TSyn(t.f, t.x, h[1])
            elif isinstance(t, T.TCon) and not t.rigid:
                t = T.TSynCon(t, h[1])
            for a in args[len(params):]:
                t = T.TAp(t, self.convert(a, tyvars, depth + 1))
            return t
        if h[0] == "con":
            c = self.tycons.get(h[1])
            if c is None:
                raise Unreadable(f"unknown type {h[1]}")
            t = c
        elif h[0] == "var":
            v = tyvars.get(h[1])
            if v is None:
                raise Unreadable(f"unbound type variable {h[1]}")
            t = v
        elif h[0] == "fun":
            t = T.fn(self.convert(h[1], tyvars, depth), self.convert(h[2], tyvars, depth))
        elif h[0] == "list":
            t = T.list_of(self.convert(h[1], tyvars, depth))
        else:  # tuple
            if len(h[1]) > 7:  # the largest tuple of ir.BUILTIN_CONS
                raise Unreadable("tuple too large")
            t = T.tuple_of([self.convert(x, tyvars, depth) for x in h[1]])
        for a in args:
            t = T.TAp(t, self.convert(a, tyvars, depth))
        return t

    def scheme(self, ctx: list[tuple[str, tuple]], r: tuple) -> Scheme:
        """Generalise over the type variables of ``r`` (in order of appearance)."""
        names: list[str] = []
        tyvar_names(r, names)
        for _, a in ctx:
            tyvar_names(a, names)
        tyvars: dict[str, T.Type] = {n: T.TGen(i) for i, n in enumerate(names)}
        preds = [(c, self.convert(a, tyvars)) for c, a in ctx]
        return Scheme(len(names), preds, self.convert(r, tyvars))


def tyvar_names(r: tuple, out: list[str]) -> None:
    if r[0] == "var":
        if r[1] not in out:
            out.append(r[1])
    elif r[0] in ("app", "fun"):
        tyvar_names(r[1], out)
        tyvar_names(r[2], out)
    elif r[0] == "list":
        tyvar_names(r[1], out)
    elif r[0] == "tuple":
        for x in r[1]:
            tyvar_names(x, out)


# ------------------------------------------------------------------------------ declarations


def read_data(toks: list[Token]) -> tuple[str, list[str], list[tuple[str, list[tuple] | None]]]:
    """``data T a b = C t1 t2 | a :+ b ...`` -> (T, [a, b], [(C, raw field types or None)]).
    Fields come back as None for a constructor this reader cannot follow."""
    r = TypeReader(toks)
    r.i = 1  # data / newtype
    name = r.take("conid").text
    params = []
    while r.at("varid"):
        params.append(r.take("varid").text)
    cons: list[tuple[str, list[tuple] | None]] = []
    if not r.at("reservedop", "="):
        return name, params, cons
    r.i += 1
    while True:
        start = r.i
        cname, fields = _read_constructor(r)
        if cname is None:  # skip to the next alternative, fields unknown
            r.i = start
            depth = 0
            while r.peek() is not None and not (depth == 0 and (
                    r.at("reservedop", "|") or r.at("reserved", "deriving"))):
                t = r.peek()
                if t.kind == "special" and t.text in "([{":
                    depth += 1
                elif t.kind == "special" and t.text in ")]}":
                    depth -= 1
                if t.kind in ("conid", "consym") and cname is None and depth == 0:
                    cname = t.text
                r.i += 1
            if cname is None:
                return name, params, cons
        cons.append((cname, fields))
        if r.at("reservedop", "|"):
            r.i += 1
            continue
        return name, params, cons


def _read_constructor(r: TypeReader) -> tuple[str | None, list[tuple] | None]:
    try:
        if r.at("special", "("):
            r.i += 1
            cname = r.take("consym").text
            r.take("special", ")")
            fields = _fields(r)
        elif r.at("conid") and not _infix_follows(r):
            cname = r.take("conid").text
            fields = _record_fields(r) if r.at("special", "{") else _fields(r)
        else:
            left = _field(r)
            cname = r.take("consym").text
            fields = [left, _field(r)]
        if not (r.peek() is None or r.at("reservedop", "|") or r.at("reserved", "deriving")):
            return None, None
        return cname, fields
    except (Unreadable, AssertionError):
        return None, None


def _infix_follows(r: TypeReader) -> bool:
    j = r.i + 1
    return j < len(r.toks) and r.toks[j].kind == "consym"


def _fields(r: TypeReader) -> list[tuple]:
    out = []
    while r.at("varsym", "!") or r.atype_start():
        out.append(_field(r))
    return out


def _record_fields(r: TypeReader) -> list[tuple]:
    """``{ f1, f2 :: T1, f3 :: T2 }``: one field type per name."""
    r.take("special", "{")
    out: list[tuple] = []
    while not r.at("special", "}"):
        n = 1
        r.take("varid")
        while r.at("special", ","):
            r.i += 1
            r.take("varid")
            n += 1
        r.take("reservedop", "::")
        if r.at("varsym", "!"):
            r.i += 1
        t = r.type_()
        out += [t] * n
        if not r.at("special", ","):
            break
        r.i += 1
    r.take("special", "}")
    return out


def _field(r: TypeReader) -> tuple:
    if r.at("varsym", "!"):
        r.i += 1
    if not r.atype_start():
        raise Unreadable("expected a field type")
    return r.atype()


def read_synonym(toks: list[Token]) -> tuple[str, list[str], tuple]:
    """``type N a b = t`` -> (N, [a, b], raw t)."""
    r = TypeReader(toks)
    r.i = 1
    name = r.take("conid").text
    params = []
    while r.at("varid"):
        params.append(r.take("varid").text)
    r.take("reservedop", "=")
    t = r.type_()
    r.done()
    return name, params, t


# ------------------------------------------------------------------------------ the Prelude

PRELUDE_SIGS = """
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
pi :: Floating a => a
truncate :: (RealFrac a, Integral b) => a -> b
round :: (RealFrac a, Integral b) => a -> b
floor :: (RealFrac a, Integral b) => a -> b
ceiling :: (RealFrac a, Integral b) => a -> b
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
(\\) :: Eq a => [a] -> [a] -> [a]
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
pure :: Applicative f => a -> f a
(>>=) :: Monad m => m a -> (a -> m b) -> m b
(>>) :: Monad m => m a -> m b -> m b
(=<<) :: Monad m => (a -> m b) -> m a -> m b
fmap :: Functor f => (a -> b) -> f a -> f b
(<$>) :: Functor f => (a -> b) -> f a -> f b
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
(<*>) :: Applicative f => f (a -> b) -> f a -> f b
(*>) :: Applicative f => f a -> f b -> f b
(<*) :: Applicative f => f a -> f b -> f a
zipWithM :: Applicative m => (a -> b -> m c) -> [a] -> [b] -> m [c]
zipWithM_ :: Applicative m => (a -> b -> m c) -> [a] -> [b] -> m ()
filterM :: Applicative m => (a -> m Bool) -> [a] -> m [a]
replicateM_ :: Applicative m => Int -> m a -> m ()
replicateM :: Applicative m => Int -> m a -> m [a]
unless :: Applicative f => Bool -> f () -> f ()
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


def _read_sigs(text: str) -> dict[str, Scheme]:
    scope = TypeScope()
    out: dict[str, Scheme] = {}
    for line in text.strip().splitlines():
        name, _, ty = line.partition(" :: ")
        name = name.strip()
        if name.startswith("(") and name.endswith(")") and name not in ("()", "(,)"):
            name = name[1:-1] if "," not in name else name
        r = TypeReader([t for t in tokenize(ty, "<prelude types>") if t.kind != "eof"])
        ctx, t = r.sig()
        r.done()
        out[name] = scope.scheme(ctx, t)
    return out


@functools.lru_cache(maxsize=1)
def prelude_env() -> tuple[dict[str, Scheme], dict[str, Scheme]]:
    """(the Prelude's functions, the built-in constructors) with their type schemes."""
    return _read_sigs(PRELUDE_SIGS), _read_sigs(CONSTRUCTOR_SIGS)
