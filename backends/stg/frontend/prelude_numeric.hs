-- Text.Read, Numeric and Data.Ord's Down, part of the Prelude module (appended to the other
-- Prelude files when it is loaded; their primitives are machine/prims_numeric.py).

-- ------------------------------------------------------------------ Text.Read
-- readMaybe/readEither at the type the checker finds (readshape.read_directed gives the
-- shape, as for read): readOk# tests the text (charging GHC's failed parse when it fails),
-- read# parses it (charging the parse)
readMaybe s = readMaybeAt# "I" s
readMaybeAt# shape s = case forceStr# shape of
  !sh -> case forceStr# s of
           !s' -> if prim "readOk#" sh s' then (case prim "read#" sh s' of !v -> Just v)
                  else Nothing
readEither s = readEitherAt# "I" s
readEitherAt# shape s = case forceStr# shape of
  !sh -> case forceStr# s of
           !s' -> if prim "readOk#" sh s' then (case prim "read#" sh s' of !v -> Right v)
                  else Left readNoParse#
-- reads (the Prelude's): the value at the text's start and the rest, or []
reads s = readsAt# "I" s
readsAt# shape s = case forceStr# shape of
  !sh -> case forceStr# s of
    !s' -> case prim "readsLen#" sh s' of
      !n -> if n < 0 then [] else case prim "readsVal#" sh s' n of !v -> [(v, drop n s')]
-- the Prelude's lex (one Haskell lexeme after blanks: prims_read.p_lexLen) and readParen
lex s = case forceStr# s of
  !s' -> case prim "lexLen#" s' of
    !n -> if n < 0 then [] else case drop (prim "lexSkip#" s') s' of
      r -> [(take n r, drop n r)]
readParen b g = if b then readParenM# g else readParenO# g
readParenO# g r = g r ++ readParenM# g r
readParenM# g r = [(x, u) | ("(", s) <- lex r, (x, t) <- readParenO# g s, (")", u) <- lex t]
-- base's message, a CAF of Text.Read as GHC floats it out
readNoParse# = "Prelude.read: no parse"

-- ------------------------------------------------------------------ Numeric
-- base's showIntAtBase: the digits consed onto the rest, last digit first
showIntAtBase base toChr n rest
  | base <= 1 = errorWithoutStackTrace
                  ("Numeric.showIntAtBase: applied to unsupported base " ++ show base)
  | n < 0 = errorWithoutStackTrace
              ("Numeric.showIntAtBase: applied to negative number " ++ show n)
  | otherwise = showBaseGo# base toChr (quotRem n base) rest
showBaseGo# base toChr qr rest = case qr of
  (q, d) -> case toChr (fromIntegral d) of
    !c -> if q == 0 then c : rest else showBaseGo# base toChr (quotRem q base) (c : rest)
showHex n rest = showIntAtBase 16 intToDigit n rest
showOct n rest = showIntAtBase 8 intToDigit n rest
-- readHex/readOct: the longest run of digits (base's readIntP munches them all), or []
readHex s = readBase# 16 isHexDigit s
readOct s = readBase# 8 isOctDigit s
-- (baseCost#: ReadP's bytes beyond these, a fit to GHC 9.0.2: 336 a call, and 400 a hex
-- digit, 256 an octal one)
readBase# base ok s = case span ok s of
  ([], _) -> case prim "baseCost#" 336 of () -> []
  (ds, r) -> case prim "baseCost#" (336 + (if base == 16 then 400 else 256) * length ds) of
    () -> [(foldl (\n d -> n * base + fromIntegral (digitToInt d)) 0 ds, r)]
-- base's formatRealFloat (FFFixed 0, FFExponent 1, FFGeneric 2) with Just/Nothing digits:
-- the machine's show.py digits, rounded half to even as base's roundTo
showFFloat d x rest = fmtFloat# 0 d x ++ rest
showEFloat d x rest = fmtFloat# 1 d x ++ rest
showGFloat d x rest = fmtFloat# 2 d x ++ rest
fmtFloat# kind d x = case d of
  Nothing -> prim "fmtFloat#" kind 0 0 x
  Just n -> prim "fmtFloat#" kind 1 n x

-- ------------------------------------------------------------------ Data.Ord
-- Down: its Ord reverses compare (pipeline._helpers_source sends Down's comparisons here);
-- it keeps a box at run time, as the subset's newtypes with instances do
data Down a = Down a
getDown d = case d of Down x -> x
cmpDown# x y = case x of Down a -> case y of Down b -> compare b a

-- ------------------------------------------------------------------ Data.Ratio
-- base's Ratio (its constructor :%, here R#): numerator and denominator reduced by their
-- gcd, the denominator positive; the program's Num, Fractional, Ord and Show at Ratio
-- reach these by type (numeric.py)
infixl 7 %
data Ratio a = R# a a
x % y = reduceR# (x * signum y) (absBox# y)
-- baseCost# n: base's generic code's bytes beyond what these allocate (its Integral
-- dictionary's calls; a fit to GHC 9.0.2, prims_numeric.py)
reduceR# x y = if y == 0 then ratioZeroDenominator#
               else case gcdR# x y of
                      !g -> case quot x g of
                              !n -> case quot y g of
                                      !d -> case prim "baseCost#" 96 of () -> R# n d
ratioZeroDenominator# = errorWithoutStackTrace "Ratio has zero denominator"
-- (base's reduce is specialised to Integer's gcd; baseCost#'s fit counts a box for each
-- abs here and in %, a non-negative number's copy too)
gcdR# a b = gcd' (absBox# a) (absBox# b)
absBox# x = if x < 0 then negate x else x + 0
numerator r = case r of R# n _ -> n
denominator r = case r of R# _ d -> d
plusR# p q = case p of
  R# a b -> case q of
    R# c d -> case prim "baseCost#" 120 of () -> reduceR# (a * d + c * b) (b * d)
minusR# p q = case p of
  R# a b -> case q of
    R# c d -> case prim "baseCost#" 120 of () -> reduceR# (a * d - c * b) (b * d)
timesR# p q = case p of R# a b -> case q of R# c d -> reduceR# (a * c) (b * d)
negateR# p = case p of R# a b -> case negate a of !n -> R# n b
absR# p = case p of R# a b -> case abs a of !n -> R# n b
signumR# p = case p of R# a _ -> case signum a of !n -> R# n 1
fromIntegerR# x = case fromInteger x of !n -> case prim "baseCost#" 24 of () -> R# n 1
divR# p q = case p of
  R# a b -> case q of R# c d -> case prim "baseCost#" 120 of () -> (a * d) % (b * c)
recipR# p = case p of
  R# a b -> if a == 0 then ratioZeroDenominator#
            else if a < 0 then (case negate b of !n -> case negate a of !d -> R# n d)
            else R# b a
cmpR# p q = case p of
  R# a b -> case q of R# c d -> case prim "baseCost#" 24 of () -> compare (a * d) (c * b)
showsR# prec p s = case p of
  R# n d -> case prim "baseCost#" 264 of
   () -> showParenS# (prec > 7) (\r -> showsPrec 8 n (' ' : '%' : ' ' : showsPrec 8 d r)) s
truncateR# p = case p of R# n d -> quot n d
floorR# p = case p of R# n d -> div n d
ceilingR# p = case p of R# n d -> negate (div (negate n) d)
properFractionR# p = case p of R# n d -> case quot n d of !q -> (q, R# (n - q * d) d)
-- (^^) at a Ratio (numeric._AT_ARG): powers by squaring with the Ratio's product
powFracR# x n = case prim "baseCost#" 264 of
  () -> if n >= 0 then powR# x n else recipR# (powR# x (negate n))
powR# x n = if n == 0 then fromIntegerR# 1 else powRF# x n
powRF# x y
  | even y = powRF# (timesR# x x) (quot y 2)
  | y == 1 = x
  | otherwise = powRG# (timesR# x x) (quot y 2) x
powRG# x y z
  | even y = powRG# (timesR# x x) (quot y 2) z
  | y == 1 = timesR# x z
  | otherwise = powRG# (timesR# x x) (quot y 2) (timesR# x z)
-- / and recip at a type left open in a program that imports Data.Ratio: by the values
divAny# x y = case conIndex# x of
  -1 -> case conIndex# y of
          -1 -> x / y
          _ -> divR# (fromIntegerR# x) y
  _ -> case conIndex# y of
         -1 -> divR# x (fromIntegerR# y)
         _ -> divR# x y
recipAny# x = case conIndex# x of
  -1 -> 1 / x
  _ -> recipR# x
-- round half to even, as base's RealFrac Ratio
roundR# p = case p of
  R# n d -> case div n d of
    !q -> case 2 * (n - q * d) of
      !r2 -> if r2 < d then q else if r2 > d then q + 1 else if even q then q else q + 1
-- fromRational at Double (correctly rounded, as base's fromRat) and toRational of a Double
-- (its exact value): the machine's Fraction arithmetic
fromRationalD# p = case p of R# n d -> prim "ratioToDouble#" n d
toRationalD# x = case prim "dblNumerator#" x of
  !n -> case prim "dblDenominator#" x of !d -> R# n d
-- at a type left open (the checked uses at Ratio and Double are rewritten, numeric.py)
toRational x = toRationalD# x
fromRational p = fromRationalD# p
recip x = 1 / x
-- (^^): a negative power is the reciprocal of the positive one (at Double or a Ratio)
-- (base's generic code beyond the subset's: 72 and 96 bytes a call, GHC 9.0.2, floatfns)
x ^^ n = if n >= 0 then (case prim "baseCost#" 72 of () -> x ^ n)
         else case prim "baseCost#" 96 of () -> recipAny# (x ^ negate n)
-- Floating's hyperbolic functions and RealFloat's tests and parts at Double (libm's, as
-- GHC.Float calls them: a D# or a static Bool)
sinh x = prim "floatFn#" 0 x
cosh x = prim "floatFn#" 1 x
tanh x = prim "floatFn#" 2 x
asinh x = prim "floatFn#" 3 x
acosh x = prim "floatFn#" 4 x
atanh x = prim "floatFn#" 5 x
isNaN x = prim "floatTest#" 0 x
isInfinite x = prim "floatTest#" 1 x
isNegativeZero x = prim "floatTest#" 2 x
isDenormalized x = prim "floatTest#" 3 x
isIEEE _ = True
floatRadix _ = 2 :: Integer
floatDigits _ = 53 :: Int
floatRange _ = (-1021, 1024) :: (Int, Int)
decodeFloat x = case prim "floatPart#" 0 x of
  !m -> case prim "floatPart#" 1 x of !e -> (m, e)
significand x = prim "floatPart#" 2 x
exponent x = prim "floatPart#" 3 x
encodeFloat m e = prim "encodeFloat#" m e
scaleFloat n x = prim "encodeFloat#" x n
