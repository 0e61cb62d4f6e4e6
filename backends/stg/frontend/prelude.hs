module Prelude where

-- The Prelude of profkit's Haskell subset, written in the subset itself and compiled
-- without automatic cost centres (so its costs fall to the callers, as base's do).
-- `prim "op" a b` calls a machine primitive on evaluated arguments (Prelude only);
-- `IO# w a` is the unboxed pair (# w, a #) an IO action returns. Values are dynamically
-- typed: show, ==, compare dispatch on the constructor at run time.

infixr 9 .
infixr 8 ^, ^^, **
infixr 1 >=>, <=<
infixl 4 <$!>
infixl 7 *, /, `quot`, `rem`, `div`, `mod`
infixl 6 +, -
infixr 5 :, ++
infixr 6 <>
infix 5 \\
infix 4 ==, /=, <, <=, >=, >, `elem`, `notElem`
infixl 4 <$>, <$, <*>, *>, <*
infixr 3 &&
infixr 2 ||
infixl 1 >>, >>=
infixl 0 `on`
infixr 1 =<<
infixr 0 $, $!, `seq`
infixl 9 !!

data Either a b = Left a | Right b
-- base's Integer (GHC.Num.Integer's IS, a small one): made by a literal at a type variable
data Integer# = IS# Int
data InitsSB# a = InitsSB# [a]

-- ------------------------------------------------------------------ Data.IORef, Data.Array
-- base's IORef (a newtype of an STRef box over a MUT_VAR#) and GHC.Arr's boxed arrays (an
-- Array box over a frozen MUT_ARR_PTRS): machine/prims_array.py makes them as GHC lays
-- them out. modifyIORef stores the thunk `f x', modifyIORef' forces it first.
newIORef v w = prim "newMutVar#" w v
readIORef r w = prim "readMutVar#" r w
writeIORef r v w = prim "writeMutVar#" r w v
atomicWriteIORef r v w = prim "writeMutVar#" r w v
modifyIORef r f w = case prim "readMutVar#" r w of
  IO# w' x -> prim "writeMutVar#" r w' (f x)
modifyIORef' r f w = case prim "readMutVar#" r w of
  IO# w' x -> case f x of !x' -> prim "writeMutVar#" r w' x'
atomicModifyIORef r f w = case prim "readMutVar#" r w of
  IO# w' x -> let p = f x in case prim "writeMutVar#" r w' (fst p) of
    IO# w'' _ -> IO# w'' (snd p)
atomicModifyIORef' r f w = case prim "atomicRead#" r w of
  IO# w1 old -> case f old of
    (new, res) -> case new of
      !new' -> case res of
        !res' -> case prim "writeMutVar#" r w1 new' of IO# w2 _ -> IO# w2 res'
-- an index evaluated, a tuple's components too (the primitives read them)
ixForce# i = case prim "ixArity#" i of
  0 -> i
  _ -> ixForceT# i
ixForceT# t = case t of
  (a, b) -> case a of !_ -> case b of !_ -> t
  (a, b, c) -> case a of !_ -> case b of !_ -> case c of !_ -> t
  (a, b, c, d) -> case a of !_ -> case b of !_ -> case c of !_ -> case d of !_ -> t
bndsForce# b = case b of (l, u) -> case ixForce# l of !_ -> case ixForce# u of !_ -> b
arrEleBottom# = errorWithoutStackTrace "(Array.!): undefined array element"
arrBot# = Just arrEleBottom#
forceSpine# i n xs = if prim ">=" i n then () else case xs of
  [] -> ()
  (_ : rest) -> case prim "+#" i 1 of !i' -> forceSpine# i' n rest
forceAssocs# [] = ()
forceAssocs# (p : rest) = case p of (i, _) -> case ixForce# i of !_ -> forceAssocs# rest
listArray b es = case bndsForce# b of
  !b' -> case prim "ixSize#" b' of
    !n -> case forceSpine# 0 n es of
      () -> prim "arrList#" b' arrBot# es
array b ies = case bndsForce# b of
  !b' -> case forceAssocs# ies of () -> prim "arrAssocs#" b' arrBot# ies
a ! i = case prim "arrIndex#" a (ixForce# i) of IO# _ x -> x
bounds a = prim "arrBounds#" a
elems a = case prim "arrSize#" a of !n -> elemsGo# a 0 n
elemsGo# a i n = if prim ">=" i n then [] else case prim "arrAt#" a i of
  IO# _ x -> x : (case prim "+#" i 1 of !i' -> elemsGo# a i' n)
range b = case bndsForce# b of (l, u) -> rangeB# l u
rangeB# l u = case prim "ixArity#" l of
  0 -> enumFromTo l u
  _ -> prim "ixRange#" l u
indices a = rangeB# (prim "arrLo#" a) (prim "arrHi#" a)
index b i = case bndsForce# b of !b' -> prim "ixIndex#" b' (ixForce# i)
inRange b i = case bndsForce# b of !b' -> prim "ixInRange#" b' (ixForce# i)
rangeSize b = case bndsForce# b of !b' -> prim "box#" (prim "ixSize#" b')
assocs a = assocsGo# a (indices a)
assocsGo# _ [] = []
-- base's assocs takes each element as it is (indexArray#, no thunk) after safeIndex
assocsGo# a (i : is) = case prim "arrIndexB#" a i of IO# _ x -> (i, x) : assocsGo# a is
-- accumArray and accum combine strictly (base 4.15's adjust); the store is not a heap
-- object, so what it holds is kept by the loop's stack until the array is made: each
-- value it stores, and (k1, k2) the bounds and initial value, or the array copied
accumArray f z b ies = case bndsForce# b of
  !b' -> case prim "arrAccumNew#" b' z of !st -> accumGo# f st b' z ies
accum f a ies = if prim "mArrBoxed#" a then
  (case prim "arrThaw#" a of !st -> accumGo# f st a a ies) else accumU# f a ies
accumGo# _ st _ _ [] = prim "arrFreeze#" st
accumGo# f st k1 k2 (p : rest) = case p of
  (i, new) -> case prim "storeOffset#" st (ixForce# i) of
    !k -> case prim "storeRead#" st k of
      IO# _ old -> case f old new of
        !c -> case prim "storeWrite#" st k c of
          () -> case accumGo# f st k1 k2 rest of !arr -> keepAlive# c arr
keepAlive# c arr = case c of !_ -> arr
a // ies = if prim "mArrBoxed#" a then
  (case forceAssocs# ies of () -> prim "arrUpdate#" a ies) else updU# a ies
-- base's Functor instance: a thunk `f x' per element
fmapArray# f a = case prim "arrThaw#" a of
  !st -> case prim "arrSize#" a of !n -> fmapArrGo# f a st 0 n
fmapArrGo# f a st i n = if prim ">=" i n then prim "arrFreeze#" st else
  case prim "arrAt#" a i of
    IO# _ x -> let y = f x in case prim "storeWrite#" st i y of
      () -> case prim "+#" i 1 of
        !i' -> case fmapArrGo# f a st i' n of !arr -> arr
-- base's Foldable (Array i): strict loops over the elements (no list), foldr lazily by a
-- local `go' (a 4-word thunk an element); the other functions take `elems'
-- (directed._array_foldable)
foldrArray# f z a = case prim "arrSize#" a of
  !n -> let go i = if prim ">=" i n then z else case prim "arrAt#" a i of
              IO# _ x -> f x (case prim "+#" i 1 of !i' -> go i')
        in go 0
foldlArray'# f z a = case prim "arrSize#" a of !n -> foldlArrGo# f a n 0 z
foldlArrGo# f a n i acc = if prim ">=" i n then acc else case prim "arrAt#" a i of
  IO# _ x -> case f acc x of
    !acc' -> case prim "+#" i 1 of !i' -> foldlArrGo# f a n i' acc'
sumArray# a = foldlArray'# (+) 0 a
productArray# a = foldlArray'# (*) 1 a
lengthArray# a = prim "box#" (prim "arrSize#" a)
nullArray# a = prim "==" (prim "arrSize#" a) 0
maximumArray# a = case prim "arrSize#" a of
  !n -> if prim "==" n 0 then errorWithoutStackTrace "maximum: empty structure" else
        case prim "arrAt#" a 0 of IO# _ x -> foldlArrGo# max a n 1 x
minimumArray# a = case prim "arrSize#" a of
  !n -> if prim "==" n 0 then errorWithoutStackTrace "minimum: empty structure" else
        case prim "arrAt#" a 0 of IO# _ x -> foldlArrGo# min a n 1 x
anyArray# p a = case prim "arrSize#" a of !n -> anyArrGo# p a n 0
anyArrGo# p a n i = if prim ">=" i n then False else case prim "arrAt#" a i of
  IO# _ x -> if p x then True else case prim "+#" i 1 of !i' -> anyArrGo# p a n i'
allArray# p a = not (anyArray# (\x -> not (p x)) a)
elemArray# y a = anyArray# (\x -> x == y) a
notElemArray# y a = not (elemArray# y a)
andArray# a = allArray# id a
orArray# a = anyArray# id a
-- the pairs shown without show_tuple's closures (tupleCost#): showArrCost# stands for what
-- base's showsIArray costs beyond them (GHC 9.0.2, shapes/arrmicro's shown)
showsArray# d a s = showParenS# (d > 10)
  (\r -> prim "arrShowStr#" a ++ showsPrec 11 (bounds a)
    (' ' : showsAssocs# (assocs (prim "showArrCost#" a)) r)) s
showsAssocs# [] s = showsNil# s
showsAssocs# ps s = showlWith# showsPairPlain# ps s
showsPairPlain# (i, e) s = '(' : showsPrec 0 i (',' : showsPrec 0 e (')' : s))

-- ------------------------------------------------------------------ basic combinators
id x = x
const x _ = x
flip f x y = f y x
-- base's source has two arguments on the left, but its compiled code takes three (eta-
-- expanded): `f . g` in a program is a partial application, 5 words (rpn's trim, capture)
(.) f g x = f (g x)
($) f x = f x
($!) f x = case x of !x' -> f x'
seq a b = case a of !_ -> b
fst (a, _) = a
snd (_, b) = b
curry f a b = f (a, b)
-- Data.Tuple's uncurry is lazy in the pair: two selector thunks (48 bytes), GHC 9.0.2
uncurry f p = f (case p of (a, _) -> a) (case p of (_, b) -> b)
until p f x = if p x then x else until p f (f x)
asTypeOf x _ = x

otherwise = True
True && x = x
False && _ = False
True || _ = True
False || x = x
-- base's eqString, which GHC's desugarer calls for a string literal pattern
eqString# :: String -> String -> Bool
eqString# [] [] = True
eqString# (c1 : cs1) (c2 : cs2) = if c1 == c2 then eqString# cs1 cs2 else False
eqString# _ _ = False

not True = False
not False = True

maybe d _ Nothing = d
maybe _ f (Just x) = f x
fromMaybe d Nothing = d
fromMaybe _ (Just x) = x
fromJust (Just x) = x
fromJust Nothing = errorWithoutStackTrace "Maybe.fromJust: Nothing"
isJust (Just _) = True
isJust Nothing = False
isNothing Nothing = True
isNothing (Just _) = False
catMaybes ms = [x | Just x <- ms]
-- base's: the rest is a thunk made before f x is looked at
mapMaybe _ [] = []
mapMaybe f (x : xs) = let rs = mapMaybe f xs in case f x of
  Nothing -> rs
  Just r -> r : rs
either f _ (Left a) = f a
either _ g (Right b) = g b

-- ------------------------------------------------------------------ errors
-- an ErrorCall (prelude_exc.hs): its message and location are not forced unless shown
raise# s = raiseErr# s []
errorWithoutStackTrace msg = raise# msg
error msg = errorLoc# msg "CallStack (from HasCallStack):\n  error, called at <unknown>"
errorCalledAt loc msg =
  errorLoc# msg ("CallStack (from HasCallStack):\n  error, called at " ++ loc)
undefined = raise# "Prelude.undefined"
undefinedCalledAt loc = errorLoc# "Prelude.undefined" ("CallStack (from HasCallStack):\n  error, called at libraries/base/GHC/Err.hs:75:14 in base:GHC.Err\n  undefined, called at " ++ loc)
emptyList# fun = errorWithoutStackTrace ("Prelude." ++ fun ++ ": empty list")

forceStr# s = case forceGo# s of () -> s
-- printf (pipeline._printf_directed gives each use its arity: printf2# fmt a b = ...);
-- printf at an unknown type (an unchecked program) prints its format
printf fmt = printfIO# fmt []
forceArgs# [] = ()
forceArgs# (x:xs) = case x of !_ -> forceArgs# xs
printfStr# fmt args = case forceStr# fmt of
  !f -> case forceArgs# args of
          () -> prim "printf#" f args
printfIO# fmt args w = putStr (printfStr# fmt args) w
-- printf as a String: Text.Printf's instance PrintfType [c] maps fromChar over the text
-- (88 bytes a character more than in IO, GHC 9.0.2: shapes printfstring25, printfstr25)
printfS# fmt args = map fromChar# (printfStr# fmt args)
fromChar# c = c
-- System.Environment
getArgs w = case prim "getArgs#" w of !as -> IO# w as
getProgName w = case prim "getProgName#" w of !n -> IO# w n
-- read at the type the checker finds (readshape.read_directed gives the shape)
read s = readAt# "I" s
readAt# shape s = case forceStr# shape of
  !sh -> case forceStr# s of
           !s' -> prim "read#" sh s'
forceGo# [] = ()
forceGo# (c:cs) = case c of !_ -> forceGo# cs

-- ------------------------------------------------------------------ numbers
x + y = prim "+" x y
x - y = prim "-" x y
x * y = prim "*" x y
-- (+), (-), (*) at Integer (directed.py): ghc-bignum's, which give back an operand or the
-- static zero where the result is one of them (machine/prims_numeric.py p_addZ)
plusZ# x y = prim "+Z" x y
minusZ# x y = prim "-Z" x y
timesZ# x y = prim "*Z" x y
sumZ# xs = foldl plusZ# 0 xs
productZ# xs = foldl timesZ# 1 xs
-- (+), (-), (*), negate, abs, fromInteger, sum, product, (^) and shiftL at Int (directed.py): GHC's Int# arithmetic,
-- a result past the Int range wrapping at 64 bits (machine/compile.py's +I; fx#'s code 164
-- is Int64's, the same number: prims_word.p_fx); (^)'s
-- products wrap in base, so wrapping its result once gives the same number
plusI# x y = prim "+I" x y
minusI# x y = prim "-I" x y
timesI# x y = prim "*I" x y
negateI# x = prim "negI#" x
absI# x = prim "absI#" x
fromIntegerI# x = prim "toInt#" x
sumI# xs = foldl plusI# 0 xs
productI# xs = foldl timesI# 1 xs
powI# x y = case x ^ y of !v -> prim "fx#" 164 16 v 0
powZI# x y = case powZ# x y of !v -> prim "fx#" 164 16 v 0
shiftLI# x n = prim "fx#" 164 6 x n
x / y = prim "/" x y
negate x = prim "negate" x
abs x = prim "abs" x
signum x = prim "signum" x
quot x y = prim "quot" x y
rem x y = prim "rem" x y
div x y = prim "div" x y
mod x y = prim "mod" x y
-- base's Int and Integer instances compute both results before building the pair
-- (GHC.Real: divModInt#, integerDivMod#): a pair of two boxes, no thunks
quotRem x y = case quot x y of !q -> case rem x y of !r -> (q, r)
divMod x y = case div x y of !q -> case mod x y of !r -> (q, r)
subtract x y = y - x
x ** y = prim "**" x y
sqrt x = prim "sqrt" x
exp x = prim "exp" x
log x = prim "log" x
logBase b x = log x / log b
sin x = prim "sin" x
cos x = prim "cos" x
tan x = prim "tan" x
asin x = prim "asin" x
acos x = prim "acos" x
atan x = prim "atan" x
atan2 y x = prim "atan2" y x
pi = 3.141592653589793
truncate x = prim "truncate" x
round x = prim "round" x
floor x = prim "floor" x
ceiling x = prim "ceiling" x
-- a Double's whole part (truncate) and the rest; at Ratio: properFractionR#
properFraction x = case prim "pfCost#" x of
  () -> case truncate x of !n -> case x - fromIntegralD# n of !f -> (n, f)
fromIntegral x = prim "fromIntegral" x
fromInteger x = prim "fromIntegral" x
toInteger x = prim "toInteger#" x
realToFrac x = prim "toDouble" x
-- fromIntegral where the checker typed the result Double (pipeline._type_literals)
fromIntegralD# x = prim "toDouble" x
-- fromIntegral from or to Integer (fromIntegralZ#, ZD#: to Double) and from Integer to
-- Integer (ZZ#): base's generic code does less work on an Integer (GENERIC_OVERHEAD)
fromIntegralZ# x = prim "toInteger#" x
fromIntegralZZ# x = prim "fromIntegral" x
-- (from Integer to Int: integerToInt, wrapping one past the Int range)
fromIntegralZI# x = prim "toInt#" x
fromIntegralZD# x = prim "toDouble" x
-- fromInteger where the checker typed the result Double: GHC.Float's method (a D#, no
-- dictionary-passing overhead: the Integer is already there)
fromIntegerD# x = prim "toDouble" x
-- a literal at a type variable (directed.open_literals): GHC's `fromInteger $dNum (IS n)`,
-- whose Integer and result are allocated when its thunk is forced
fromIntegerLit# n = case IS# n of !_ -> prim "fromIntegral" n
-- the same inlined at Integer: fromInteger is the identity there
fromIntegerLitZ# n = case IS# n of !_ -> n
ord c = prim "ord" c
chr n = prim "chr" n
fromEnum x = case conIndex# x of
  -1 -> if isChar# x then ord x else truncate x
  _ -> fromEnumCon# x
-- at Char base computes on the unboxed code point: one C# (16 bytes), no I# in between
succ x = case conIndex# x of
  -1 -> if isChar# x then stepChar# x 1 else x + 1
  _ -> succCon# x
pred x = case conIndex# x of
  -1 -> if isChar# x then stepChar# x (-1) else x - 1
  _ -> predCon# x
stepChar# x d = case prim "ord#" x of !o -> case prim "+#" o d of !o' -> chr o'
-- the type decides toEnum, minBound and maxBound: the front end names the instance where the
-- checker knows it (pipeline._type_literals); these stand for an unknown type
toEnum i = i
minBound = errorWithoutStackTrace "minBound: its type is not known here"
maxBound = errorWithoutStackTrace "maxBound: its type is not known here"
minBoundInt# = -9223372036854775808
maxBoundInt# = 9223372036854775807
minBoundChar# = '\0'
maxBoundChar# = '\1114111'
minBoundBool# = False
maxBoundBool# = True
minBoundOrdering# = LT
maxBoundOrdering# = GT
-- toEnum at Bool and Ordering (base's instances, with their errors)
toEnumBool# i = case i of
  0 -> False
  1 -> True
  _ -> errorWithoutStackTrace ("Prelude.Enum.Bool.toEnum: bad argument")
toEnumOrdering# i = case i of
  0 -> LT
  1 -> EQ
  2 -> GT
  _ -> errorWithoutStackTrace ("Prelude.Enum.Ordering.toEnum: bad argument")
isCon# x = prim ">=" (conIndex# x) 0

-- Run-time type tests on boxed values (the machine's Case cannot mix I#/D#/C#
-- alternatives with other constructors): primitives that test the box, allocating nothing.
isChar# x = prim "isChar#" x
isDouble# x = prim "isDouble#" x
even n = n `rem` 2 == 0
odd n = n `rem` 2 /= 0
evenZ# n = n `rem` 2 == 0
oddZ# n = n `rem` 2 /= 0

-- base's gcd called with an Integral dictionary (-O0 fires no rule): its -O2 worker makes
-- thunks of fromInteger 0 (3 words), abs x and abs y (4: the dictionary's abs and the
-- number) and, each round, of the remainder (5); its loop is a join point (GHC 9.0.2,
-- shapes/alias20's gcdp probe: gcd n 36 at Int 269 bytes a call). z stands for the
-- dictionary in the thunks, as diffEq# does
gcd a b = let z = gcdZero# a in gcdLoop# z (gcdAbs# z a) (gcdAbs# z b)
gcdZero# a = a - a
-- (at Integer, fromInteger 0 is the static zero)
gcdZ# a b = let z = gcdZeroZ# a in gcdLoop# z (gcdAbs# z a) (gcdAbs# z b)
gcdZeroZ# _ = 0
gcdAbs# _ x = abs x
gcdLoop# z a b = if b == z then a else gcdLoop# z b (gcdRem# z a b)
gcdRem# _ a b = a `rem` b
gcd' a 0 = a
gcd' a b = gcd' b (a `rem` b)
lcm _ 0 = 0
lcm 0 _ = 0
lcm a b = abs ((a `quot` gcd a b) * b)

x0 ^ y0
  | y0 < 0 = errorWithoutStackTrace "Negative exponent"
  | y0 == 0 = case powCost# y0 of () -> powOne# x0
  | otherwise = case powCost# y0 of () -> powF x0 y0
-- x ^ 0 is the base's type's 1 (1.0 at Double)
powOne# x = if isDouble# x then 1.0 else 1
-- (^) with an Integer exponent (the checked type: directed.py)
powZ# x0 y0
  | y0 < 0 = errorWithoutStackTrace "Negative exponent"
  | y0 == 0 = case powCostZ# y0 of () -> powOne# x0
  | otherwise = case powCostZ# y0 of () -> powF x0 y0
powCostZ# k = prim "powCostZ#" k
-- what base's generic (^) allocates besides its products when -O0 code calls it with its
-- dictionaries (GHC 9.0.2, x ^ k at Double and at Int, k = 0 .. 8 and 16: 96 bytes, then
-- about 32 per bit of k and 24 per bit set; tests/reference/ghc-9.0.2/shapes/programs/pows.hs)
powCost# k = case (k, k, k, k, k) of
  (_, _, _, _, _) -> case (k, k, k, k, k) of (_, _, _, _, _) -> powBits# k
powBits# k = if k == 0 then () else case prim "rem" k 2 of
  !r -> case prim "quot" k 2 of
    !q -> if r == 1 then (case (k, k) of (_, _) -> powBits# q) else powBits# q
powF x y
  | even y = powF (x * x) (y `quot` 2)
  | y == 1 = x
  | otherwise = powG (x * x) (y `quot` 2) x
powG x y z
  | even y = powG (x * x) (y `quot` 2) z
  | y == 1 = x * z
  | otherwise = powG (x * x) (y `quot` 2) (x * z)

-- ------------------------------------------------------------------ comparison
-- Structural, dispatching at run time; constructors of data types (Bool, Maybe, Ordering,
-- Either and the program's own) go through the generated conIndex#/eqFields#/cmpFields#.
x == y = case conIndex# x of
  -1 -> prim "==" x y
  -2 -> eqStruct# x y
  -3 -> eqMap# x y
  -4 -> eqSet# x y
  _ -> eqCon# x y
-- base's list and tuple instances (compiled -O2) test field by field without a thunk for
-- the rest: `&&' and `thenCmp#' would allocate one per element
eqStruct# x y = case x of
  [] -> case y of
          [] -> True
          _ -> False
  (a:as) -> case y of
              (b:bs) -> if a == b then as == bs else False
              _ -> False
  (a1, a2) -> case y of (b1, b2) -> if a1 == b1 then a2 == b2 else False
  (a1, a2, a3) -> case y of
    (b1, b2, b3) -> if a1 == b1 then (if a2 == b2 then a3 == b3 else False) else False
  (a1, a2, a3, a4) -> case y of
    (b1, b2, b3, b4) -> if a1 == b1 then (if a2 == b2 then (if a3 == b3 then a4 == b4
                        else False) else False) else False
  (a1, a2, a3, a4, a5) -> case y of
    (b1, b2, b3, b4, b5) -> if a1 == b1 then (if a2 == b2 then (if a3 == b3 then
                            (if a4 == b4 then a5 == b5 else False) else False) else False)
                            else False
  (a1, a2, a3, a4, a5, a6) -> case y of
    (b1, b2, b3, b4, b5, b6) -> if (a1, a2, a3) == (b1, b2, b3) then (a4, a5, a6) == (b4, b5, b6)
                                else False
  (a1, a2, a3, a4, a5, a6, a7) -> case y of
    (b1, b2, b3, b4, b5, b6, b7) -> if (a1, a2, a3, a4) == (b1, b2, b3, b4)
                                    then (a5, a6, a7) == (b5, b6, b7) else False
  () -> True
  _ -> eqTuple# x y
-- base's (/=) on Int is a primitive test: it allocates no thunk for (x == y)
x /= y = case conIndex# x of
  -1 -> case prim "==" x y of
          True -> False
          False -> True
  _ -> neCon# x y
-- /= of a type without its own (every type but a newtype deriving Eq: neCon#)
notEq# x y = case x == y of
  True -> False
  False -> True

cmpNum# x y = if prim "<" x y then LT else if prim "==" x y then EQ else GT
thenCmp# o next = case o of
  EQ -> next
  _ -> o

compare x y = case conIndex# x of
  -1 -> cmpNum# x y
  -2 -> cmpStruct# x y
  -3 -> cmpMap# x y
  -4 -> cmpSet# x y
  _ -> cmpCon# x y
cmpStruct# x y = case x of
  [] -> case y of
          [] -> EQ
          _ -> LT
  (a:as) -> case y of
              [] -> GT
              (b:bs) -> case compare a b of
                          EQ -> compare as bs
                          o -> o
  (a1, a2) -> case y of
    (b1, b2) -> case compare a1 b1 of
                  EQ -> compare a2 b2
                  o -> o
  (a1, a2, a3) -> case y of
    (b1, b2, b3) -> case compare a1 b1 of
                      EQ -> case compare a2 b2 of
                              EQ -> compare a3 b3
                              o -> o
                      o -> o
  (a1, a2, a3, a4) -> case y of
    (b1, b2, b3, b4) -> case compare a1 b1 of
                          EQ -> case compare a2 b2 of
                                  EQ -> case compare a3 b3 of
                                          EQ -> compare a4 b4
                                          o -> o
                                  o -> o
                          o -> o
  (a1, a2, a3, a4, a5) -> case y of
    (b1, b2, b3, b4, b5) -> case compare (a1, a2, a3) (b1, b2, b3) of
                              EQ -> compare (a4, a5) (b4, b5)
                              o -> o
  (a1, a2, a3, a4, a5, a6) -> case y of
    (b1, b2, b3, b4, b5, b6) -> case compare (a1, a2, a3) (b1, b2, b3) of
                                  EQ -> compare (a4, a5, a6) (b4, b5, b6)
                                  o -> o
  (a1, a2, a3, a4, a5, a6, a7) -> case y of
    (b1, b2, b3, b4, b5, b6, b7) -> case compare (a1, a2, a3, a4) (b1, b2, b3, b4) of
                                      EQ -> compare (a5, a6, a7) (b5, b6, b7)
                                      o -> o
  () -> EQ
  _ -> cmpTuple# x y

x < y = case conIndex# x of
  -1 -> prim "<" x y
  -2 -> ltStruct# x y
  -3 -> ltCmp# x y
  -4 -> ltCmp# x y
  _ -> ltCon# x y
x <= y = case conIndex# x of
  -1 -> prim "<=" x y
  -2 -> case ltStruct# y x of
          True -> False
          False -> True
  -3 -> leCmp# x y
  -4 -> leCmp# x y
  _ -> leCon# x y
x > y = case conIndex# x of
  -1 -> prim "<" y x
  -2 -> ltStruct# y x
  -3 -> ltCmp# y x
  -4 -> ltCmp# y x
  _ -> gtCon# x y
x >= y = case conIndex# x of
  -1 -> prim "<=" y x
  -2 -> case ltStruct# x y of
          True -> False
          False -> True
  -3 -> leCmp# y x
  -4 -> leCmp# y x
  _ -> geCon# x y
-- base's tuple instances are derived (-O2): `<' compares each component but the last with
-- compare and the last with `<' (`<=' is `not (y < x)', `>' `y < x', `>=' `not (x < y)'),
-- so a component of the program's type has its `<' entered, not its compare
ltStruct# x y = case x of
  (a1, a2) -> case y of
    (b1, b2) -> case compare a1 b1 of
                  LT -> True
                  EQ -> a2 < b2
                  GT -> False
  (a1, a2, a3) -> case y of
    (b1, b2, b3) -> case compare a1 b1 of
                      LT -> True
                      EQ -> case compare a2 b2 of
                              LT -> True
                              EQ -> a3 < b3
                              GT -> False
                      GT -> False
  _ -> ltCmp# x y
-- the order of values compare puts in order (lists, tuples, constructors without derived
-- methods); a program's derived Ord methods are reached through ltCon#/leCon#/...
ltCmp# x y = case compare x y of
  LT -> True
  _ -> False
-- a newtype's derived Eq/Ord (GHC coerces the field's methods): its one field compared
ltFields# x y = case cmpFields# x y of
  LT -> True
  _ -> False
leFields# x y = case cmpFields# x y of
  GT -> False
  _ -> True
gtFields# x y = case cmpFields# x y of
  GT -> True
  _ -> False
geFields# x y = case cmpFields# x y of
  LT -> False
  _ -> True
leCmp# x y = case compare x y of
  GT -> False
  _ -> True
-- == and compare of constructors without derived methods (the Prelude's own types)
-- (a case with only a variable pattern would not evaluate the tag; the -1 alternative,
-- never taken, makes it evaluated first, as compare's own case does)
eqTagFields# x y = prim "==" (conIndex# x) (conIndex# y) && eqFields# x y
cmpTagFields# x y = case conIndex# x of
  -1 -> EQ
  i -> case conIndex# y of
         !j -> case cmpNum# i j of
                 EQ -> cmpFields# x y
                 o -> o
-- derived Ord of a type of nullary constructors: their tags compared (GHC's con2tag), with
-- no allocation
cmpTag# a b = if ltTag# a b then LT else if prim "==" (conIndex# a) (conIndex# b) then EQ else GT
ltTag# a b = prim "<" (conIndex# a) (conIndex# b)
-- a derived fromEnum beyond 7 constructors: the tag read off the info table, boxed afresh
boxTag# a = prim "box#" (conIndex# a)
-- (a newtype deriving Ord has its own max and min: maxCon#/minCon#)
max x y = case conIndex# x of
  -1 -> if prim "<=" x y then y else x
  _ -> maxCon# x y
min x y = case conIndex# x of
  -1 -> if prim "<=" x y then x else y
  _ -> minCon# x y
maxDefault# x y = if x <= y then y else x
-- a newtype's derived Eq/Ord method over a field type of a built instance (deriving.py)
coercedMethod# n f = prim "coercedMethod#" n f
minDefault# x y = if x <= y then x else y

-- ------------------------------------------------------------------ show
-- show x = showsPrec 0 x "" is generated with the program (a program's instance may
-- give its own show: pipeline._helpers_source)
-- (called from the program, base's shows pays its dictionary: GENERIC_OVERHEAD in binds.py;
-- the Prelude's own show code calls showsPrec 0)
shows x s = showsPrec 0 x s
-- at String, as the checked type or a derived instance's field type says (directed.py,
-- deriving.py): an empty String shows as "" (the value alone cannot tell it from [])
showsPrecStr# d x s = case x of
  [] -> emptyStr# s
  _ -> showsPrec d x s
showsStr# x s = showsPrecStr# 0 x s
showStr# x = showsPrecStr# 0 x ""
printStr# x w = putStrLn (showStr# x) w
printStrD# _ x w = putStrLn (showStr# x) w
showString str s = str ++ s
-- a base type's nullary constructor shown by show (precedence 0, onto show's own "",
-- compared by identity: nothing is evaluated) is its name's CAF itself. (A program's own
-- `shows True ""' or `showsPrec 0 True ""' passes the same static "" and shares it too,
-- where GHC copies the name: 224 bytes under GHC's there)
showsBase# str d s = if prim "ptrEq#" s "" && prim "==" d 0 then str else str ++ s
showChar c s = c : s
-- base's showParen is of arity 2 (a closure when b, else p itself): a derived or written
-- showsPrec calls it with 2 arguments; base's own -O2 instances inline it (showParenS#)
showParen b p = if b then (\s -> '(' : p (')' : s)) else p
showParenS# b p s = if b then '(' : p (')' : s) else p s
showSpace s = ' ' : s
-- base's showCommaSpace is showString ", ": its String a CAF of GHC.Show, copied by (++)
showCommaSpace s = showCommaSpaceStr# ++ s
showCommaSpaceStr# = ", "

-- An empty list shows as [] (the type, and so "" for an empty String, is not known).
showsPrec d x s = case conIndex# x of
  -1 -> if isChar# x then showCharLit# x s else
        if prim "isArray#" x then showsArray# d x s else showNum# d x s
  -2 -> showsStruct# x s
  -3 -> showsMap# d x s
  -4 -> showsSet# d x s
  _ -> showsCon# d x s
showsStruct# x s = case x of
  [] -> showsNil# s
  (c:_) -> if isChar# c then '"' : showLitString# x ('"' : s) else showList# x s
  (a, b) -> tupleCost# 9 ('(' : showsPrec 0 a (',' : showsPrec 0 b (')' : s)))
  (a, b, c) -> tupleCost# 26
    ('(' : showsPrec 0 a (',' : showsPrec 0 b (',' : showsPrec 0 c (')' : s))))
  (a, b, c, e) -> tupleCost# 40
    ('(' : showsPrec 0 a (',' : showsPrec 0 b (',' : showsPrec 0 c
      (',' : showsPrec 0 e (')' : s)))))
  (a, b, c, e, f) -> tupleCost# 54
    ('(' : showsPrec 0 a (',' : showsPrec 0 b (',' : showsPrec 0 c
      (',' : showsPrec 0 e (',' : showsPrec 0 f (')' : s))))))
  (a, b, c, e, f, g) -> tupleCost# 68
    ('(' : showsPrec 0 a (',' : showsPrec 0 b (',' : showsPrec 0 c
      (',' : showsPrec 0 e (',' : showsPrec 0 f (',' : showsPrec 0 g (')' : s)))))))
  (a, b, c, e, f, g, h) -> tupleCost# 82
    ('(' : showsPrec 0 a (',' : showsPrec 0 b (',' : showsPrec 0 c (',' : showsPrec 0 e
      (',' : showsPrec 0 f (',' : showsPrec 0 g (',' : showsPrec 0 h (')' : s))))))))
  () -> '(' : ')' : s
  _ -> showsTuple# x s

showNum# d x s = if d > 6 && (x < 0 || isNegativeZero# x)
                 then '(' : showDigits# x (')' : s)
                 else showDigits# x s
-- base: an Int's digits are consed onto the rest (itos); a Double's string is (++)-ed on
showDigits# x s = if isDouble# x then prim "showInt" x ++ s else prim "showIntOn#" x s
isNegativeZero# x = x == 0 && prim "showInt" x == "-0.0"

-- In a list of lists, empty elements show as "" when another element is a String.
showList# xs s =
  if elemsStringy# xs then showlWith# showStrElem# xs s else case xs of
    (x:_) -> case dictsShown# x of
      0 -> showlWith# shows0# xs s
      1 -> showlWith# (\e -> showsElem# xs e) xs s
      2 -> showlWith# (\e -> showsElem2# xs s e) xs s
      _ -> let sh = showsAtZero# xs in showlWith# sh xs s
shows0# x s = showsPrec 0 x s
-- base's showList of Maybe's and Either's instances (dictionary functions) passes showList__
-- `\e -> showsPrec $dShow 0 e', a closure of their dictionaries (Maybe's one, Either's
-- two: 16 or 24 bytes a list; Int's and Bool's pass a static shower): here of the list (and
-- the rest). A program's instance has the class's default, `showList__ (showsPrec $dShow
-- 0)': a thunk of the dictionary (24) that gives a PAP (32). (dictsShown#: show_cons.py)
showsElem# _ e = showsAt2# 0 e
showsElem2# _ _ e = showsAt2# 0 e
showsAtZero# _ = showsPrec 0
-- base's showList__: its loop a closure of the shower and the rest (made once a list), each
-- element's rest a thunk of two words; "[]" ++ s, unpacked by unpackAppendCString# (a box,
-- a cell and a thunk a character), 120 bytes more than its two cells (GHC 9.0.2:
-- shapes/showtup, print of [] 192 bytes, of a list 104 an element beyond its digits)
showlWith# sh (x:xs) s = '[' : sh x (showlRest# sh s xs)
showlRest# sh s ys = let go [] = ']' : s
                         go (y:ys') = ',' : sh y (go ys')
                     in go ys
showsNil# s = case (s, s, s, s, s, s, s) of
  (_, _, _, _, _, _, _) -> case (s, s, s, s, s, s) of (_, _, _, _, _, _) -> '[' : ']' : s
-- base's show_tuple (-O2): the shows closures of the components in a list folded with (.)
-- and showChar: words beyond the model's direct conses (GHC 9.0.2, shapes/showtup: a pair
-- 9, a triple 26, four 40; five to seven by 14 more each, not measured)
tupleCost# w r = case w of
  9 -> case (r, r, r, r) of (_, _, _, _) -> case (r, r, r) of (_, _, _) -> r
  26 -> case Just r of Just _ -> waste8# 3 r
  40 -> waste8# 5 r
  54 -> case (r, r, r, r, r) of (_, _, _, _, _) -> waste8# 6 r
  68 -> case (r, r, r) of (_, _, _) -> waste8# 8 r
  82 -> case Just r of Just _ -> waste8# 10 r
  _ -> case prim "baseCost#" (8 * w) of () -> r
waste8# k r = case k of
  0 -> r
  _ -> case (r, r, r, r, r, r, r) of
    (_, _, _, _, _, _, _) -> case prim "-#" k 1 of !k' -> waste8# k' r
showStrElem# e s = case e of
  [] -> emptyStr# s
  _ -> showsPrec 0 e s
-- base's showList at Char of "": showChar '"' . showLitString "" . showChar '"', its two
-- compositions 48 bytes beyond the cells (shapes/showtup)
emptyStr# s = case (s, s, s, s, s) of (_, _, _, _, _) -> '"' : '"' : s
elemsStringy# [] = False
elemsStringy# (e:es) = case conIndex# e of
  -2 -> case e of
          [] -> elemsStringy# es
          (c:_) -> isChar# c
          _ -> False
  _ -> False

showCharLit# c s = if c == '\'' then '\'' : '\\' : '\'' : '\'' : s
                   else '\'' : showLitChar c ('\'' : s)

-- base's showLitChar worker reboxes an ordinary character (16 bytes a character; GHC 9.0.2,
-- shapes/showtup: show of a String 136 bytes a character with the literal's unpacking)
showLitString# [] s = s
showLitString# (c:cs) s = if c == '"' then '\\' : '"' : showLitString# cs s
                          else case Just c of Just _ -> showLitChar c (showLitString# cs s)

showLitChar c s
  | c > '\DEL' = '\\' : protectEsc# isDigit (prim "showInt" (ord c)) s
  | c == '\DEL' = "\\DEL" ++ s
  | c == '\\' = '\\' : '\\' : s
  | c >= ' ' = c : s
  | c == '\a' = "\\a" ++ s
  | c == '\b' = "\\b" ++ s
  | c == '\f' = "\\f" ++ s
  | c == '\n' = "\\n" ++ s
  | c == '\r' = "\\r" ++ s
  | c == '\t' = "\\t" ++ s
  | c == '\v' = "\\v" ++ s
  | c == '\SO' = protectEsc# (== 'H') "\\SO" s
  | otherwise = '\\' : (asciiTab# !! ord c) ++ s

protectEsc# p str s = str ++ cont s
  where cont r@(c:_) | p c = "\\&" ++ r
        cont r = r

asciiTab# = ["NUL", "SOH", "STX", "ETX", "EOT", "ENQ", "ACK", "BEL",
             "BS",  "HT",  "LF",  "VT",  "FF",  "CR",  "SO",  "SI",
             "DLE", "DC1", "DC2", "DC3", "DC4", "NAK", "SYN", "ETB",
             "CAN", "EM",  "SUB", "ESC", "FS",  "GS",  "RS",  "US", "SP"]

-- ------------------------------------------------------------------ characters
isDigit c = c >= '0' && c <= '9'
isSpace c = c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'
            || c == '\xa0'
isUpper c = c >= 'A' && c <= 'Z'
isLower c = c >= 'a' && c <= 'z'
isAlpha c = isUpper c || isLower c
isAlphaNum c = isAlpha c || isDigit c
isPunctuation c = prim "charClass#" c 5  -- (by Unicode general category, as GHC.Unicode)
toUpper c = prim "toUpper#" c
toLower c = prim "toLower#" c
-- base's (-O2): one code point, tested by ranges, the result its only box
digitToInt c = case prim "ord#" c of
  !o -> if o >= 48 && o <= 57 then o - 48 else if o >= 97 && o <= 102 then o - 87
        else if o >= 65 && o <= 70 then o - 55
        else errorWithoutStackTrace ("Char.digitToInt: not a digit " ++ show c)
intToDigit n = if n < 10 then chr (ord '0' + n) else chr (ord 'a' + n - 10)

-- ------------------------------------------------------------------ lists
map _ [] = []
map f (x:xs) = f x : map f xs

[] ++ ys = ys
(x:xs) ++ ys = x : (xs ++ ys)

filter _ [] = []
filter p (x:xs) = if p x then x : filter p xs else filter p xs

-- base's foldr is a local loop over the list alone: the thunk of the rest of the fold holds
-- the loop and the tail (4 words), not k, z and the tail
-- (GHC names the loop go1: -hd `<GHC.Base.go1>`)
foldr k z xs = go1 xs
  where go1 [] = z
        go1 (y:ys) = k y (go1 ys)

-- base 4.15 (GHC 9.0): sum = foldl (+) 0, lazy, so sum builds a chain of thunks
foldl _ z [] = z
foldl f z (x:xs) = foldl f (f z x) xs

foldl' _ z [] = z
foldl' f z (x:xs) = case f z x of !z' -> foldl' f z' xs

-- base's -O2 loop is specialised on a cons (its arguments the cell's head and tail): each
-- rest a thunk of f and both (5 words; GHC 9.0.2, shapes/alias20: 40 bytes an element)
foldr1 f (x:xs) = foldr1Go# f x xs
foldr1 _ [] = badFoldr1#
foldr1Go# _ x [] = x
foldr1Go# f x (y:ys) = f x (foldr1Go# f y ys)
foldl1 f (x:xs) = foldl f x xs
foldl1 _ [] = badFoldl1#

scanl f q ls = q : (case ls of
                      [] -> []
                      x:xs -> scanl f (f q x) xs)
-- base's (-O2): the rest's scan a lazy pattern, boxed with its head once forced
scanr _ q0 [] = [q0]
scanr f q0 (x:xs) = let ds = case scanr f q0 xs of qs@(q:_) -> (qs, q)
                    in f x (case ds of (_, q) -> q) : (case ds of (qs, _) -> qs)

sum xs = foldl (+) 0 xs
-- what sum/product through Foldable's dictionary allocate from -O0 code besides the fold
-- (104 bytes per saturated call, GHC 9.0.2): the Num instances' sum/product (directed.py)
foldableCost# xs = case (xs, xs, xs, xs, xs) of
  (_, _, _, _, _) -> case (xs, xs, xs) of (_, _, _) -> case (xs, xs) of (_, _) -> ()
product xs = foldl (*) 1 xs

-- length is strict (an accumulating loop), as base's
length xs = prim "box#" (lenAcc# xs 0)
-- base's lenAcc is strict: its worker counts in an Int# register and only length's
-- wrapper allocates the I# (GHC -O0 reports length with 0.0% alloc)
lenAcc# [] n = n
lenAcc# (_:ys) n = case prim "+#" n 1 of !n' -> lenAcc# ys n'

reverse l = rev# l []
rev# [] a = a
rev# (x:xs) a = rev# xs (x:a)

head (x:_) = x
head [] = badHead#
-- base's badHead, a CAF: the first `head []' makes the message, later ones raise it again;
-- GHC.List's other errors are CAFs of it too (their message and its printing under CAF
-- GHC.List, GHC 9.0.2: pipeline._SHOW_CAFS)
badHead# = emptyList# "head"
badTail# = emptyList# "tail"
badLast# = emptyList# "last"
badInit# = emptyList# "init"
badFoldr1# = emptyList# "foldr1"
badFoldl1# = emptyList# "foldl1"
badFoldl1'# = emptyList# "foldl1'"
badCycle# = emptyList# "cycle"
badMaximum# = emptyList# "maximum"
badMinimum# = emptyList# "minimum"
badIndexNeg# = errorWithoutStackTrace "Prelude.!!: negative index"
badIndexLarge# = errorWithoutStackTrace "Prelude.!!: index too large"
tail (_:xs) = xs
tail [] = badTail#
last [x] = x
last (_:xs) = last xs
last [] = badLast#
-- base's init: a worker holding the element before the rest (a 2-word thunk an element)
init [] = badInit#
init (x:xs) = initGo# x xs
initGo# _ [] = []
initGo# y (z:zs) = y : initGo# z zs
null [] = True
null (_:_) = False

xs !! n = if n < 0 then badIndexNeg# else nth# xs n
nth# [] _ = badIndexLarge#
-- base's (!!) counts down in an Int# register: no allocation per element
nth# (x:xs) n = if n == 0 then x else case prim "+#" n (-1) of !n' -> nth# xs n'

elem _ [] = False
elem x (y:ys) = x == y || elem x ys
notElem x ys = not (elem x ys)
-- base-4.15: and/or/all/any are foldMap over All/Any, whose list instance is a foldr loop
-- with mempty as a thunk: per call the mempty thunk and the loop closure (GHC 9.0.2: 56
-- bytes), per element thunks for (f y) and the rest (64 bytes)
and xs = foldMapBool# (&&) True monoid# xs
or xs = foldMapBool# (||) False monoid# xs
any p = anyF# p
all p = allF# p
anyF# p = \xs -> anyP# p xs
allF# p = \xs -> allP# p xs
anyP# p xs = foldMapBool# (||) False p xs
allP# p xs = foldMapBool# (&&) True p xs
foldMapBool# op unit f xs = go xs
  where z = monoid# unit
        go [] = z
        go (y:ys) = op (f y) (go ys)
monoid# x = x
concat xss = foldr (++) [] xss
-- base's (\\) at -O2: foldl's loop, each delete evaluated before the next (GHC 9.0.2,
-- el probe), with (==) of the dictionary a thunk made once a call (diffEq#'s thunk, 3 words)
xs \\ ys = diffGo# (diffEq# ys) ys xs
diffEq# _ = (==)
diffGo# _ [] acc = acc
diffGo# eq (y:ys) acc = case deleteBy eq y acc of !acc' -> diffGo# eq ys acc'
-- base's genericLength (1 + genericLength l through the Num dictionary, not tail
-- recursive): 96 bytes an element at Int and Double, 80 at Integer (GHC 9.0.2, pglen probe);
-- the result's type is the checked one (directed.py: genericLengthD#, genericLengthZ#)
genericLength [] = 0
genericLength (_ : l) = case genericLength l of
  !n -> case (n, n, n, n, n, n) of (_, _, _, _, _, _) -> case (n, n) of (_, _) -> n + 1
genericLengthD# [] = 0.0
genericLengthD# (_ : l) = case genericLengthD# l of
  !n -> case (n, n, n, n, n, n) of (_, _, _, _, _, _) -> case (n, n) of (_, _) -> n + 1.0
genericLengthZ# [] = 0
genericLengthZ# (_ : l) = case genericLengthZ# l of
  !n -> case (n, n, n, n, n, n, n) of (_, _, _, _, _, _, _) -> n + 1
genericTake n xs = take (fromIntegral n) xs
genericDrop n xs = drop (fromIntegral n) xs
genericReplicate n x = replicate (fromIntegral n) x
genericSplitAt n xs = splitAt (fromIntegral n) xs
unfoldr f b = case f b of
  Nothing -> []
  Just (a, b') -> a : unfoldr f b'
-- Semigroup and Monoid at lists (these definitions), Ordering and () (pipeline picks the
-- ones below by the checked type)
x <> y = x ++ y
mappend x y = x ++ y
mempty = []
mconcat xss = concat xss
appendOrdering# x y = case x of
  EQ -> y
  o -> o
memptyOrdering# = EQ
mconcatOrdering# xs = foldr appendOrdering# EQ xs
appendUnit# _ _ = ()
-- functions into a Semigroup: (f <> g) x = f x <> g x (comparing age <> comparing name)
appendFun1Ordering# f g x = appendOrdering# (f x) (g x)
appendFun2Ordering# f g x y = appendOrdering# (f x y) (g x y)
appendFun1List# f g x = f x ++ g x
appendFun2List# f g x y = f x y ++ g x y
memptyUnit# = ()
mconcatUnit# _ = ()
-- base's (++) is strict in its first list, so its worker evaluates `f x` before appending:
-- no thunk for it (GHC 9.0.2: 32 bytes an element less, probe1 of the twelfth session)
concatMap f xs = foldr (\x r -> case f x of !ys -> ys ++ r) [] xs

lookup _ [] = Nothing
lookup k ((k', v):rest) = if k == k' then Just v else lookup k rest

-- base: replicate n x = take n (repeat x) (one cyclic cell, then take's cells and thunks)
-- base's replicate fuses take with repeat: one cyclic cell, no thunk for `repeat x`
replicate n x = if n <= 0 then [] else (let xs = x : xs in take# n xs)
iterate f x = x : iterate f (f x)
repeat x = let xs = x : xs in xs
cycle [] = badCycle#
cycle xs = let ys = xs ++ ys in ys

-- base's take is unsafeTake on an unboxed count: per element a cons and a 4-word thunk of
-- the rest, and the last element's cons alone
take n xs = if n <= 0 then [] else take# n xs
take# n xs = case xs of
  [] -> []
  (y:ys) -> if prim "==" n 1 then [y] else y : (case prim "+#" n (-1) of !n' -> take# n' ys)
-- base's drop is unsafeDrop on an unboxed count: it allocates nothing
drop n xs = if n <= 0 then xs else drop# n xs
drop# n xs = case xs of
  [] -> []
  (_:ys) -> if prim "==" n 1 then ys else (case prim "+#" n (-1) of !n' -> drop# n' ys)
-- base's splitAt at -O2: a worker on an unboxed count returning an unboxed pair; each level
-- a thunk of the rest's split (boxing its pair) and a selector thunk for each half
splitAt n xs = if n <= 0 then ([], xs) else splitAtGo# n xs
splitAtGo# n xs = case xs of
  [] -> ([], [])
  (y:ys) -> if prim "==" n 1 then ([y], ys) else
    (let ds = (case prim "+#" n (-1) of !n' -> splitAtGo# n' ys)
     in (y : (case ds of (a, _) -> a), (case ds of (_, b) -> b)))
takeWhile _ [] = []
takeWhile p (x:xs) = if p x then x : takeWhile p xs else []
dropWhile _ [] = []
dropWhile p xs@(x:xs') = if p x then dropWhile p xs' else xs
span _ [] = ([], [])
span p xs@(x:xs') = if p x then (let (ys, zs) = span p xs' in (x:ys, zs)) else ([], xs)
-- base defines break directly (not as span (not . p): no composed predicate per call)
break _ [] = ([], [])
break p xs@(x:xs') = if p x then ([], xs) else (let (ys, zs) = break p xs' in (x:ys, zs))

zip (a:as) (b:bs) = (a, b) : zip as bs
zip _ _ = []
zip3 (a:as) (b:bs) (c:cs) = (a, b, c) : zip3 as bs cs
zip3 _ _ _ = []
zipWith f (a:as) (b:bs) = f a b : zipWith f as bs
zipWith _ _ _ = []
zipWith3 f (a:as) (b:bs) (c:cs) = f a b c : zipWith3 f as bs cs
zipWith3 _ _ _ _ = []
-- base's unzip/unzip3 at -O2: foldr's lambda a worker returning an unboxed tuple; per
-- element a thunk of the rest (boxing its tuple), a selector thunk and a cell per list
unzip ps = unzipGo# ps
unzipGo# [] = ([], [])
unzipGo# ((a, b) : ps) = let ds = unzipGo# ps
                         in (a : (case ds of (as, _) -> as), b : (case ds of (_, bs) -> bs))
unzip3 ps = unzip3Go# ps
unzip3Go# [] = ([], [], [])
unzip3Go# ((a, b, c) : ps) = let ds = unzip3Go# ps
                             in (a : (case ds of (as, _, _) -> as),
                                 b : (case ds of (_, bs, _) -> bs),
                                 c : (case ds of (_, _, cs) -> cs))

maximum [] = badMaximum#
maximum (x:xs) = foldl max x xs
minimum [] = badMinimum#
minimum (x:xs) = foldl min x xs

lines "" = []
lines s = let ds = linesBreak# linesNl# s in (case ds of (h, _) -> h) : (case ds of (_, t) -> t)
-- base's lines at -O2: break's worker (its predicate a static closure), its pair holding
-- the rest's lines as a thunk
linesBreak# _ s@[] = ([], lines s)
linesBreak# p (c : cs) = if p c then ([], lines cs)
                         else let (ys, zs) = linesBreak# p cs in (c : ys, zs)
linesNl# c = c == '\n'
-- base-4.15's definitions
unlines [] = []
unlines (l:ls) = l ++ '\n' : unlines ls
words s = case dropWhile isSpace s of
  "" -> []
  s' -> let ds = break isSpace s' in
        (case ds of (w, _) -> w) : (case ds of (_, s'') -> words s'')
unwords [] = ""
unwords (w:ws) = w ++ unwordsGo# ws
unwordsGo# [] = ""
unwordsGo# (v:vs) = ' ' : (v ++ unwordsGo# vs)

-- Data.List extras
intercalate sep xss = concat (intersperse sep xss)
intersperse _ [] = []
intersperse sep (x:xs) = x : prependToAll# sep xs
prependToAll# _ [] = []
prependToAll# sep (x:xs) = sep : x : prependToAll# sep xs
isPrefixOf [] _ = True
isPrefixOf _ [] = False
isPrefixOf (x:xs) (y:ys) = x == y && isPrefixOf xs ys
isSuffixOf a b = isPrefixOf (reverse a) (reverse b)
-- base's partition: one foldr pass whose step matches the rest lazily, so p is called once
-- per element and each step builds a pair, a cons and two selector thunks
partition p xs = foldr (partStep# p) ([], []) xs
partStep# p x r = if p x then (x : fst r, snd r) else (fst r, x : snd r)
-- base's nub is nubBy (==): each element is looked up among the distinct ones kept so far;
-- the dictionary's (==) a thunk made once a call (diffEq#'s, 3 words), and its loop (lifted
-- by -O2) takes it along, so each kept element's rest thunk holds 4 words (GHC 9.0.2,
-- shapes/listops20: 24 bytes a call and 48 a kept element)
nub xs = nubFrom# (diffEq# xs) xs []
nubFrom# _ [] _ = []
nubFrom# eq (x:xs) seen = if elem x seen then nubFrom# eq xs seen
                          else x : nubFrom# eq xs (x : seen)
sum' xs = foldl' (+) 0 xs
-- base's sort is sortBy compare, the dictionary's compare a thunk made once a call (3 words:
-- GHC 9.0.2, shapes/listops20)
sort xs = sortBy (sortCmp# xs) xs
sortCmp# _ = compare
-- base's sortBy is a natural merge sort: the list is cut into runs (a strictly descending run
-- is collected reversed, an ascending one through a difference list), then neighbouring runs
-- are merged pairwise until one is left; the comparisons it makes, and so the comparator's
-- entries, are base's
-- (base is compiled -O2, whose late lambda lifting makes these loops top-level functions
-- taking cmp: a call allocates no closure for them)
-- (mergeAll is strict: the runs are made before it is called, no thunk)
sortBy cmp xs = case xs of
  [] -> []
  (a:rest) -> case rest of
    [] -> case [xs] of !rs -> mergeAll# cmp rs
    _ -> case sequences# cmp a rest of !rs -> mergeAll# cmp rs
-- GHC -O2's shape of base's loops (a run's rest a thunk of cmp and the next element and
-- list, a run ending the list followed by a static [[]] that merges away)
sequences# cmp a [] = [[a]]
sequences# cmp a (b:xs) = case cmp a b of
  GT -> descending# cmp b [a] xs
  _ -> ascending# cmp b (\ys -> a : ys) xs
descending# cmp a acc [] = (a : acc) : noRuns#
descending# cmp a acc (b:bs') = case cmp a b of
  GT -> descending# cmp b (a : acc) bs'
  _ -> (a : acc) : sequences# cmp b bs'
ascending# cmp a acc [] = case acc [a] of !run -> run : noRuns#
ascending# cmp a acc (b:bs') = case cmp a b of
  GT -> ascendingEnd# cmp a acc b bs'
  _ -> ascending# cmp b (\ys -> acc (a : ys)) bs'
ascendingEnd# cmp a acc b bs = case acc [a] of !run -> run : sequences# cmp b bs
noRuns# = [[]]
mergeAll# _ [r] = r
mergeAll# cmp rs = case mergePairs# cmp rs of !rs' -> mergeAll# cmp rs'
mergePairs# cmp (a:b:rest) = case merge# cmp a b of !m -> m : mergePairs# cmp rest
mergePairs# _ rs = rs
merge# _ [] bs = bs
merge# _ as [] = as
merge# cmp (a:as') (b:bs') = mergeStep# cmp a as' b bs'
-- after the first step one list is held as its head and tail (GHC -O2's specialised
-- merge): each rest thunk holds four values, and a list left alone is rebuilt by one cons
mergeStep# cmp a as' b bs' = case cmp a b of
  GT -> b : mergeWith# cmp a as' bs'
  _ -> a : mergeInto# cmp b bs' as'
mergeWith# cmp a as' ys = case ys of
  [] -> a : as'
  (y:ys') -> mergeStep# cmp a as' y ys'
mergeInto# cmp b bs' xs = case xs of
  [] -> b : bs'
  (x:xs') -> mergeStep# cmp x xs' b bs'
-- more of Data.List, Data.Maybe, Data.Ord, Data.Function and Control.Monad, as base defines
-- them (the order of their results is base's: permutations, subsequences, sortOn)
group xs = groupBy (==) xs
groupBy _ [] = []
groupBy eq (x:xs) = let ds = span (eq x) xs  -- base's at -O2: no selector thunk for zs
                    in (x : (case ds of (ys, _) -> ys)) : (case ds of (_, zs) -> groupBy eq zs)
-- base's, whose comparing fst is inlined at -O: about 40 bytes a comparison (GHC 9.0.2,
-- psort probe: sortOn negate on 200 Ints 229,336 bytes; comparing's two key thunks
-- made it 1.14x)
sortOn f xs = map snd (sortBy cmpFst# (map (\x -> let y = f x in y `seq` (y, x)) xs))
cmpFst# (a, _) (b, _) = case (a, b, a, b) of (_, _, _, _) -> compare a b
transpose [] = []
transpose ([] : xss) = transpose xss
-- base's (-O2 specialises the call on a cons: no cell for the rest's first row; GHC 9.0.2,
-- shapes/listops20: 24 bytes a row less)
transpose ((x:xs) : xss) = (x : heads# xss) : transposeS# xs (tails# xss)
transposeS# [] xss = transpose xss
transposeS# (x:xs) xss = (x : heads# xss) : transposeS# xs (tails# xss)
heads# [] = []
heads# ([] : r) = heads# r
heads# ((h:_) : r) = h : heads# r
tails# [] = []
tails# ([] : r) = tails# r
tails# ((_:t) : r) = t : tails# r
-- (base's any over tails, fused by its -O2 code into a loop: no list of the tails)
isInfixOf needle haystack = isInfixGo# needle haystack
isInfixGo# n h = if isPrefixOf n h then True else case h of
  [] -> False
  (_:h') -> isInfixGo# n h'
tails xs = xs : (case xs of
                   [] -> []
                   (_:xs') -> tails xs')
-- base 4.15's inits: a snoc builder per prefix; walking a prefix costs GHC one cons per
-- element, as a reverse of the elements taken so far does (GHC 9.0.2's bytes exactly for
-- inits of 16 to 64 elements)
inits xs = initsGo# (InitsSB# []) xs
initsGo# b xs = initsList# b : (case xs of
                                  [] -> []
                                  (x:xs') -> initsGo# (initsSnoc# b x) xs')
initsSnoc# (InitsSB# acc) x = InitsSB# (x : acc)
initsList# (InitsSB# acc) = reverse acc
-- base 4.15's (Data.Foldable): a strict left fold over Maybe; `Just $! x` of the kept
-- element is its case binder, so a Just is made only where the extreme changes (GHC 9.0.2,
-- shapes/cmpby: 16 bytes a new maximum, none for a comparison that keeps it)
-- shapes/cmpby: 48 bytes a call more (the closures of base's fromMaybe err . foldl' max')
maximumBy cmp xs = case (cmp, cmp, cmp, cmp, cmp) of
  (_, _, _, _, _) -> case foldl' (maxBy# cmp) Nothing xs of
    Nothing -> errorWithoutStackTrace "maximumBy: empty structure"
    Just r -> r
minimumBy cmp xs = case (cmp, cmp, cmp, cmp, cmp) of
  (_, _, _, _, _) -> case foldl' (minBy# cmp) Nothing xs of
    Nothing -> errorWithoutStackTrace "minimumBy: empty structure"
    Just r -> r
maxBy# cmp mx y = case mx of
  Nothing -> Just y
  Just x -> case cmp x y of
    GT -> mx
    _ -> Just y
minBy# cmp mx y = case mx of
  Nothing -> Just y
  Just x -> case cmp x y of
    GT -> Just y
    _ -> mx
comparing p x y = compare (p x) (p y)
on op f x y = op (f x) (f y)
-- base's (-O2): a local loop; past an element p holds, the rest is evaluated first
dropWhileEnd p xs =
  let go ys = case ys of
        [] -> []
        (y:rest) -> if p y then (case go rest of { [] -> []; w -> y : w }) else y : go rest
  in go xs
stripPrefix [] ys = Just ys
stripPrefix (x:xs) (y:ys) = if x == y then stripPrefix xs ys else Nothing
stripPrefix _ [] = Nothing
scanl1 f (x:xs) = scanl f x xs
scanl1 _ [] = []
scanr1 _ [] = []
scanr1 _ [x] = [x]
scanr1 f (x:xs) = let ds = case scanr1 f xs of qs@(q:_) -> (qs, q)
                  in f x (case ds of (_, q) -> q) : (case ds of (qs, _) -> qs)
subsequences xs = [] : nonEmptySubs# xs
nonEmptySubs# [] = []
nonEmptySubs# (x:xs) = [x] : foldr (\ys r -> ys : (x : ys) : r) [] (nonEmptySubs# xs)
-- base's order: each element in turn is interleaved into the permutations of the rest
-- base's permutations as its -O2 code runs it: interleave' a local worker returning an
-- unboxed pair (IO# here), its recursive result a thunk boxed as a pair with two selector
-- thunks, `f . (y:)' one closure, the fold over `permutations is' unrolled at its head
permutations xs0 = xs0 : perms# xs0 []
perms# [] _ = []
perms# (t:ts) is' =
  let ilv f xs r = case xs of
        [] -> IO# ts r
        (y:ys) -> let ds = case ilv (\x -> f (y : x)) ys r of IO# a b -> (a, b)
                      us = case ds of (a, _) -> a
                      zs = case ds of (_, b) -> b
                  in IO# (y : us) (f (t : y : us) : zs)
      top xs r = case ilv id xs r of IO# _ zs -> zs
      z = perms# ts (t : is')
      go1 [] = z
      go1 (y:ys) = top y (go1 ys)
  in top is' (go1 (perms# is' []))
-- base's delete/insert pass deleteBy/insertBy a thunk of the dictionary's method (3 words
-- a call, GHC 9.0.2 el probe: diffEq#, insertCmp#)
delete x ys = deleteBy (diffEq# ys) x ys
deleteBy _ _ [] = []
deleteBy eq x (y:ys) = if x `eq` y then ys else y : deleteBy eq x ys
-- base's at -O2: xs ++ a thunk of the rest, whose loop deletes each x (strictly) from
-- nubBy's result; union's thunk makes the dictionary's (==) (diffEq#)
unionBy eq xs ys = xs ++ unionByRest# eq xs ys
unionByRest# eq xs ys = case nubBy eq ys of !r -> diffGo# eq xs r
union xs ys = xs ++ unionRest# xs ys
unionRest# xs ys = let eq = diffEq# ys in case nubBy eq ys of !r -> diffGo# eq xs r
nubBy eq l = nubByFrom# eq l []
nubByFrom# _ [] _ = []
nubByFrom# eq (y:ys) seen = if elemBy# eq y seen then nubByFrom# eq ys seen
                             else y : nubByFrom# eq ys (y : seen)
elemBy# _ _ [] = False
elemBy# eq y (x:xs) = x `eq` y || elemBy# eq y xs
-- base's intersect is intersectBy (==), the dictionary's (==) a thunk made once a call
-- (diffEq#'s, 3 words)
intersect xs ys = intersectBy (diffEq# ys) xs ys
intersectBy _ [] _ = []
intersectBy _ _ [] = []
-- base's at -O2: GHC.List.any's loop allocates nothing; its predicate `eq x`, an argument,
-- is a thunk (4 words) for each x, which any's first call turns into a partial
-- application (GHC 9.0.2, shapes/listops20: 64 bytes an element of xs)
intersectBy eq xs ys = intersectGo# eq xs ys
intersectGo# _ [] _ = []
intersectGo# eq (x:xs) ys = let f = eq x in
  if anyGo# f ys then x : intersectGo# eq xs ys else intersectGo# eq xs ys
anyGo# _ [] = False
anyGo# f (y:ys) = if f y then True else anyGo# f ys
-- base's find is Foldable's (getFirst . foldMap ...), called with the list dictionary:
-- 152 bytes a call and 64 an element it passes over beyond the predicate's own (GHC 9.0.2,
-- find (> k) on 0 .. 100 elements)
find p xs = case (p, p, p, p, p, p) of
  (_, _, _, _, _, _) -> case (p, p, p, p, p, p) of
    (_, _, _, _, _, _) -> case (p, p, p, p) of (_, _, _, _) -> findGo# p xs
findGo# _ [] = Nothing
findGo# p (x : xs) = if p x then Just x
  else case (x, x, x, x, x, x, x) of (_, _, _, _, _, _, _) -> findGo# p xs
findIndex p xs = listToMaybe (findIndices p xs)
-- base's: an unboxed index, an I# and a cell per index found
findIndices p xs = findIdx# p xs 0
findIdx# _ [] _ = []
findIdx# p (x : xs) i = case prim "+#" i 1 of
  !j -> if p x then (case prim "box#" i of !b -> b : findIdx# p xs j) else findIdx# p xs j
elemIndex x xs = findIndex (x ==) xs
elemIndices x xs = findIndices (x ==) xs
listToMaybe [] = Nothing
listToMaybe (x:_) = Just x
maybeToList Nothing = []
maybeToList (Just x) = [x]
-- base's insert = insertBy compare: the rest of the list is kept, not rebuilt
insert x ys = insertBy (insertCmp# ys) x ys
insertCmp# _ = compare
insertBy _ x [] = [x]
insertBy cmp x ys@(y:ys') = case cmp x y of
  GT -> y : insertBy cmp x ys'
  _ -> x : ys

-- ------------------------------------------------------------------ enumerations
-- base's Int instance: enumFrom (I# x) = eftInt x maxInt#, whose tail thunk holds x and the
-- bound (two free variables, as eftI# here); Integer's enumDeltaInteger x 1 has the same shape
enumFrom a
  | isChar# a = case prim "ord#" a of !x -> eftC# x 1114111
  | isDouble# a = numFrom# a
  | isCon# a = enumFromCon# a
  | otherwise = eftI# a 9223372036854775807
numFrom# x = x : (case x + 1 of !x' -> numFrom# x')
enumFromThen a b = if isCon# a then enumFromThenCon# a b else numFromThen# a (b - a)
numFromThen# x d = x : (case x + d of !x' -> numFromThen# x' d)

enumFromTo a b
  | isChar# a = case prim "ord#" a of !x -> case prim "ord#" b of !y -> eftC# x y
  | isDouble# a || isDouble# b = eftD# (realToFrac a) (b + 0.5)
  | isCon# a = enumFromToCon# a b
  | prim ">" a b = []
  | otherwise = eftI# a b
eftI# x y = x : (if prim "==" x y then [] else case x + 1 of !x' -> eftI# x' y)
-- base's default enumFromTo x y = map toEnum [fromEnum x .. fromEnum y] at a derived
-- enumeration (GHC.Enum's, -O2): 96 bytes an element (its cell, toEnum's thunk of two
-- free variables, the rest's thunk of three), 24 once; an element forced boxes its tag
-- for toEnum, 16 bytes under the thunk's stack (GHC 9.0.2, shapes/enumrange24)
enumTo# te x y = case (x, y) of
  (_, _) -> if prim ">" x y then [] else enumTo1# te x y
enumTo1# te x y = (case prim "box#" x of !b -> te b) :
  (if prim "==" x y then [] else case prim "+#" x 1 of !x' -> enumTo1# te x' y)
-- and enumFromThenTo's ([C1, C3 .. C8]): the step and the limit a pair made once, so an
-- element costs the same 96 bytes, ascending or descending
enumThenTo# te x1 x2 y = case prim "-#" x2 x1 of
  !d -> let dy = (d, y) in
    if prim ">=" x2 x1 then (if prim ">" x1 y then [] else upThen# te x1 dy)
    else (if prim "<" x1 y then [] else dnThen# te x1 dy)
upThen# te x dy = (case prim "box#" x of !b -> te b) : (case dy of
  (d, y) -> case prim "+#" x d of !x' -> if prim ">" x' y then [] else upThen# te x' dy)
dnThen# te x dy = (case prim "box#" x of !b -> te b) : (case dy of
  (d, y) -> case prim "+#" x d of !x' -> if prim "<" x' y then [] else dnThen# te x' dy)
-- at Int (directed.py picks these by the checked type): base's Int instance boxes every
-- element from its unboxed loop (eftInt x y = .. I# x : ..), the first one too, not the
-- argument's box (16 bytes a non-empty enumeration); Integer's enumDeltaToInteger keeps it
enumFromI# a = case a + 0 of !a' -> eftI# a' 9223372036854775807
enumFromToI# a b = if prim ">" a b then [] else case a + 0 of !a' -> eftI# a' b
enumFromThenI# a b = case a + 0 of !a' -> numFromThen# a' (b - a)
-- base's efdtInt: the first element's box and cell, then a loop on unboxed Ints whose last
-- element is tested before its cell is made (no tail thunk for it): 80 bytes an element,
-- 40 the last (GHC 9.0.2, shapes/neglit)
enumFromThenToI# a b c = if b >= a then efdtUpI# a b c else efdtDnI# a b c
efdtUpI# x1 x2 y
  | prim "<" y x2 = if prim "<" y x1 then [] else case prim "box#" x1 of !b -> [b]
  | otherwise = case prim "-#" x2 x1 of
      !d -> case prim "-#" y d of !y' -> case prim "box#" x1 of !b -> b : goUpI# d y' x2
goUpI# d y' x = case prim "box#" x of
  !b -> if prim ">" x y' then [b] else b : (case prim "+#" x d of !x' -> goUpI# d y' x')
efdtDnI# x1 x2 y
  | prim ">" y x2 = if prim ">" y x1 then [] else case prim "box#" x1 of !b -> [b]
  | otherwise = case prim "-#" x2 x1 of
      !d -> case prim "-#" y d of !y' -> case prim "box#" x1 of !b -> b : goDnI# d y' x2
goDnI# d y' x = case prim "box#" x of
  !b -> if prim "<" x y' then [b] else b : (case prim "+#" x d of !x' -> goDnI# d y' x')
-- base's eftChar on unboxed code points: per element a C#, a cons and the tail's thunk of
-- two words (72 bytes), nothing through Int
eftC# x y = if prim ">" x y then []
            else case prim "chr" x of !c -> c : (case prim "+#" x 1 of !x' -> eftC# x' y)
-- base's numericEnumFromTo n m = takeWhile (<= m + 1/2) (numericEnumFrom n), where
-- numericEnumFrom n = go 0 where go !k = let !n' = n + k in n' : go (k + 1) (k is unboxed by
-- the worker): per element a D#, two cons cells and two 4-word thunks (128 bytes)
eftD# x lim = takeWhile (\y -> prim "<=" y lim) (numEnumFromD# x 0.0)
numEnumFromD# n k = case n + k of !n' -> n' : (case prim "+#" k 1.0 of !k' -> numEnumFromD# n k')

enumFromThenTo a b c
  | isChar# a = map chr (enumFromThenTo (ord a) (ord b) (ord c))
  | isDouble# a || isDouble# b || isDouble# c = efdtD# (realToFrac a) (b - a) c
  | isCon# a = enumFromThenToCon# a b c
  | otherwise = efdtI# a (b - a) c
efdtI# x d lim = if d >= 0 then efdtIU# x d lim else efdtID# x d lim
efdtIU# x d lim = if prim ">" x lim then [] else x : (case x + d of !x' -> efdtIU# x' d lim)
efdtID# x d lim = if prim "<" x lim then [] else x : (case x + d of !x' -> efdtID# x' d lim)
-- base 4.15 computes the k-th element as n + k * step (numeric stability), not by
-- repeated addition: [0.1, 0.2 .. 0.5] gives 0.30000000000000004 as GHC does
efdtD# x d c = if d >= 0 then efdtDU# x d 0 (c + d / 2) else efdtDD# x d 0 (c + d / 2)
efdtDU# x0 d k lim = case x0 + k * d of
  !x -> if prim ">" x lim then [] else x : (case k + 1 of !k' -> efdtDU# x0 d k' lim)
efdtDD# x0 d k lim = case x0 + k * d of
  !x -> if prim "<" x lim then [] else x : (case k + 1 of !k' -> efdtDD# x0 d k' lim)

-- ------------------------------------------------------------------ IO
return a w = IO# w a
pure a w = IO# w a
(>>=) m k w = case m w of IO# w' a -> k a w'
(>>) m k w = case m w of IO# w' _ -> k w'
(=<<) k m = m >>= k
-- the Maybe, list and Either monads (base's instances); the checked type picks them
-- (pipeline._monad_directed), as it picks fmap's functor
bindMaybe# m k = case m of
  Nothing -> Nothing
  Just x -> k x
thenMaybe# m k = case m of
  Nothing -> Nothing
  Just _ -> k
returnMaybe# x = Just x
flipBindMaybe# k m = bindMaybe# m k
-- base's [y | x <- xs, y <- k x], as -O2 compiles it: no (++) copy, no thunk for k x
bindList# xs k = bindListGo# k xs
bindListGo# _ [] = []
bindListGo# k (x:rest) = bindListIn# k (k x) rest
bindListIn# k [] rest = bindListGo# k rest
bindListIn# k (y:ys) rest = y : bindListIn# k ys rest
-- base's *> at lists, [y | _ <- xs, y <- ys]: ys copied for each element of xs
thenList# xs ys = thenListGo# ys xs
thenListGo# _ [] = []
thenListGo# ys (_:rest) = thenListIn# ys ys rest
thenListIn# ys0 [] rest = thenListGo# ys0 rest
thenListIn# ys0 (y:ys) rest = y : thenListIn# ys0 ys rest
returnList# x = [x]
flipBindList# k xs = bindList# xs k
bindEither# m k = case m of
  Left e -> Left e
  Right x -> k x
thenEither# m k = case m of
  Left e -> Left e
  Right _ -> k
returnEither# x = Right x
flipBindEither# k m = bindEither# m k
-- mapM, sequence, when, foldM, replicateM ... at those monads, given their bind and return
-- (pipeline._monad_directed makes mapMMaybe# = mapMWith# bindMaybe# returnMaybe# ...)
sequenceWith# b r [] = r []
sequenceWith# b r (m:ms) = b m (\x -> b (sequenceWith# b r ms) (\xs -> r (x : xs)))
sequenceWith_# b r [] = r ()
sequenceWith_# b r (m:ms) = b m (\_ -> sequenceWith_# b r ms)
mapMWith# b r f xs = sequenceWith# b r (map f xs)
mapMWith_# b r f xs = sequenceWith_# b r (map f xs)
forMWith# b r xs f = sequenceWith# b r (map f xs)
forMWith_# b r xs f = sequenceWith_# b r (map f xs)
whenWith# b r c m = if c then m else r ()
unlessWith# b r c m = if c then r () else m
foldMWith# b r f z [] = r z
foldMWith# b r f z (x:xs) = b (f z x) (\z' -> foldMWith# b r f z' xs)
replicateMWith# b r n m = sequenceWith# b r (replicate n m)
replicateMWith_# b r n m = sequenceWith_# b r (replicate n m)
zipWithMWith# b r f xs ys = sequenceWith# b r (zipWith f xs ys)
apWith# b r mf mx = b mf (\f -> b mx (\x -> r (f x)))
rightWith# b r ma mb = b ma (\_ -> mb)
leftWith# b r ma mb = b ma (\a -> b mb (\_ -> r a))
zipWithMWith_# b r f xs ys = sequenceWith_# b r (zipWith f xs ys)
-- base's definitions at a program's own monad, given its instance's methods (ap: <*>,
-- fm: fmap, pu: pure, th: >>, apr: *>; directed._user_monad): traverse for lists, liftA2
-- as the class's default (<*>) . fmap, mapM_/sequence_ as foldr of >>, foldM as foldlM,
-- replicateM and filterM as Control.Monad's loops
-- MonadFail's fail: IO's raises an IOError (uncaught: `prog: user error (msg)'), Maybe's and
-- the list's are their empty values
fail s = errorWithoutStackTrace ("user error (" ++ s ++ ")")
failMaybe# _ = Nothing
failList# _ = []
-- base's ($) where GHC -O0 calls it: with a newtype's constructor (newtypes.py)
applyNewtype# f x = f x
-- (base's arities: mapM f and mapM_ f make their pure []/return () once, a CAF's at its
-- evaluation)
-- base's default (<*) and (*>) at a program's Applicative (instances._monads): liftA2 const
-- a b, whose $dmliftA2 applies (<*>) to one argument first (a partial application), and
-- (id <$ a) <*> b, whose $dm<$ builds `const id': GHC 9.0.2 allocates 72 and 80 bytes a
-- call, the thunk of `fmap f a' (48 here: its function is a free variable) and these
-- (shapes parser25, apdefaults25)
-- words of base's code that builds dictionaries at each call (traversable.DICTIONARY_BYTES)
wordsCost# n = prim "wordsCost#" n
dmApLeft# ap fm a b = case prim "fxCost#" 24 of () -> ap (fm (\x _ -> x) a) b
dmApRight# ap fm a b = case prim "fxCost#" 32 of () -> ap (fm (\_ x -> x) a) b
traverseU# ap fm pu f = let z = pu [] in \xs -> foldr (\x ys -> ap (fm (:) (f x)) ys) z xs
-- (Data.Foldable's `foldr c (return ())`: -hd `<Data.Foldable.c>`, `<Data.Foldable.sat>`)
mapMU_# th r f = let sat = r () in \xs -> let c x k = th (f x) k in foldr c sat xs
sequenceU_# th r = let sat = r () in \ms -> let c m k = th m k in foldr c sat ms
foldMU# b r f z0 xs = foldr (\x k z -> b (f z x) k) r xs z0
replicateMU# ap fm pu n m = replicateMLoop# ap fm pu m n
replicateMLoop# ap fm pu m c =
  if c <= 0 then pu [] else ap (fm (:) m) (replicateMLoop# ap fm pu m (c - 1))
replicateMU_# apr pu n m = replicateMLoop_# apr pu m n
replicateMLoop_# apr pu m c = if c <= 0 then pu () else apr m (replicateMLoop_# apr pu m (c - 1))
zipWithMU_# apr pu f xs ys = foldr (\m k -> apr m k) (pu ()) (zipWith f xs ys)
filterMU# ap fm pu p =
  let z = pu [] in \xs -> foldr (\x r -> ap (fm (\flg -> if flg then (x :) else id) (p x)) r) z xs
whenU# pu c m = if c then m else pu ()
unlessU# pu c m = if c then pu () else m
filterMWith# b r _ [] = r []
filterMWith# b r p (x:xs) =
  b (p x) (\keep -> b (filterMWith# b r p xs) (\ys -> r (if keep then x : ys else ys)))
fmap f m w = case m w of IO# w' a -> IO# w' (f a)
(<$>) f m = fmap f m
(<$) x m = fmap (\_ -> x) m
-- fmap at the other functors: the checked type picks one (pipeline._type_directed)
fmapMaybe# _ Nothing = Nothing
fmapMaybe# f (Just x) = Just (f x)
fmapEither# _ (Left e) = Left e
fmapEither# f (Right x) = Right (f x)
fmapPair# f (a, x) = (a, f x)
-- base's IO functions take the state token (arity 2 at -O): `print x' is a function, and
-- its `show x' is made when the action runs, under the stack running it (MAIN/main in a
-- do block of main: pipeline._main_wrapper). hPutStrLn writes the line and its newline
-- without copying the string.
-- base's hPutStr takes stdout's handle (its CAF: made, with the buffers, at the first
-- output) before it forces the string: putStr# given the token alone is that step
putStr s w = case prim "putStr#" w s of
  IO# w0 _ -> case forceStr# s of !s' -> prim "putStr#" s' w0
putStrLn s w = case prim "putStr#" w s of
  IO# w0 _ -> case forceStr# s of
    !s' -> case prim "putStr#" s' w0 of
      IO# w' _ -> prim "putStr#" newline# w'
newline# = '\n' : []
putChar c w = putStr [c] w
print x w = putStrLn (show x) w
printD# _ x w = putStrLn (show x) w
mapM_ f xs = mapMU_# (>>) return f xs
forM_ xs f = mapM_ f xs
-- base's traverse at IO: a foldr of liftA2 (:) (IO's liftM2: the cell a thunk of the
-- function given), its `pure []' made once per call; the actions are built before they run
mapM f xs = let z = return [] in foldr (\x ys -> liftA2IO# (:) (f x) ys) z xs
liftA2IO# g ma mb w = case ma w of
  IO# w1 a -> case mb w1 of IO# w2 b -> IO# w2 (g a b)
forM xs f = mapM f xs
sequence_ [] = return ()
sequence_ (m:ms) = m >> sequence_ ms
-- base's sequence is traverse id (mapM's shape above)
sequence ms = mapM id ms
when c a = if c then a else return ()
unless c a = if c then return () else a
-- Applicative's <*>, *> and <* (IO here; pipeline picks Maybe/lists/Either's by the type)
(<*>) mf mx = mf >>= \f -> mx >>= \x -> return (f x)
(*>) ma mb = ma >> mb
(<*) ma mb = ma >>= \a -> mb >> return a
zipWithM f xs ys = sequence (zipWith f xs ys)
-- at IO (and ST): zipWithM_ a loop of `>>' (120 bytes an element with the thunk `f x y'),
-- foldM base's foldlM (a foldr of `>>='), replicateM_ a loop over an unboxed counter (88 an
-- iteration): GHC 9.0.2's bytes, shapes/stmonadfns
zipWithM_ f xs ys = zipWithMIO_# f xs ys
zipWithMIO_# f (x:xs) (y:ys) = f x y >> zipWithMIO_# f xs ys
zipWithMIO_# _ _ _ = return ()
filterM _ [] = return []
filterM p (x:xs) = p x >>= \keep -> filterM p xs >>= \ys -> return (if keep then x : ys else ys)
foldM f z xs = foldMU# (>>=) return f z xs
-- Control.Monad's join, liftM, liftM2, ap, (>=>), (<=<), (<$!>) in IO; at Maybe, lists,
-- Either by the monad's bind and return (the With# forms, directed_monads)
join mm = mm >>= \m -> m
liftM f m = m >>= \x -> return (f x)
liftM2 f m1 m2 = m1 >>= \x -> m2 >>= \y -> return (f x y)
ap mf mx = mf <*> mx
(>=>) f g = \x -> f x >>= g
(<=<) g f = \x -> f x >>= g
(<$!>) f m = m >>= \x -> case f x of !y -> return y
joinWith# b r mm = b mm (\m -> m)
liftMWith# b r f m = b m (\x -> r (f x))
liftM2With# b r f m1 m2 = b m1 (\x -> b m2 (\y -> r (f x y)))
kleisliWith# b r f g = \x -> b (f x) g
kleisliBackWith# b r g f = \x -> b (f x) g
strictMapWith# b r f m = b m (\x -> case f x of !y -> r y)
replicateM_ n m = replicateMIO_# m n
replicateMIO_# m c = if c <= 0 then return () else m >> replicateMNext_# m c
replicateMNext_# m c = case prim "+#" c (-1) of !c' -> replicateMIO_# m c'
-- base's: a loop of liftA2 (:) m over a counter its worker keeps unboxed
replicateM n m = replicateMIO# m n
replicateMIO# m c = if c <= 0 then return [] else liftA2IO# (:) m (replicateMNext# m c)
replicateMNext# m c = case prim "+#" c (-1) of !c' -> replicateMIO# m c'

-- ------------------------------------------------------------------ Data.Bits (Int, Integer)
infixl 8 `shiftL`, `shiftR`, `shift`, `unsafeShiftL`, `unsafeShiftR`
infixl 7 .&.
infixl 6 `xor`
infixl 5 .|.
x .&. y = prim ".&.#" x y
x .|. y = prim ".|.#" x y
xor x y = prim "xor#" x y
complement x = prim "complement#" x
shiftL x n = prim "shiftL#" x n
shiftR x n = prim "shiftR#" x n
shift x n = prim "shiftL#" x n
unsafeShiftL x n = prim "shiftL#" x n
unsafeShiftR x n = prim "shiftR#" x n
popCount x = prim "popCount#" x
testBit x n = prim "testBit#" x n
bit n = prim "shiftL#" 1 n
setBit x n = x .|. bit n
clearBit x n = x .&. complement (bit n)
complementBit x n = x `xor` bit n
-- at Integer (bits_integer.py directs them by the checked type): ghc-bignum's results and
-- bytes (machine/prims_bits.py)
bitsAndZ# x y = prim "andZ#" x y
bitsOrZ# x y = prim "orZ#" x y
bitsXorZ# x y = prim "xorZ#" x y
bitsComplementZ# x = prim "complementZ#" x
bitsShiftLZ# x n = prim "shiftLZ#" x n
bitsShiftRZ# x n = prim "shiftRZ#" x n
bitsBitZ# n = prim "bitZ#" n
bitsSetBitZ# x n = prim "setBitZ#" x n
bitsClearBitZ# x n = prim "clearBitZ#" x n
bitsPopCountZ# x = prim "popCountZ#" x
zeroBits = 0
