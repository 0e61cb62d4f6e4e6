-- Data.Word and Data.Int, part of the Prelude module: what the functions at each type
-- (fixed_ints.prelude_source, appended after this file) share; their arithmetic is the
-- primitive fx# (machine/prims_word.py)

-- base's enumFromTo at Word8 .. Word32 and Int8 .. Int32: map toEnum over Int's loop, fused
-- (GHC 9.0.2: per element a cons, a thunk of toEnum on the unboxed counter, whose box is
-- made when it is forced, and the tail's thunk: 80 bytes, 96 forced)
eftFx# x y = fxElem# x : (if prim "==" x y then [] else case prim "+#" x 1 of
  !x' -> eftFx# x' y)
fxElem# x = prim "fx#" 164 0 x 0
-- and enumFromThenTo: per element its box, a cons and a tail thunk of five free variables
-- (96 bytes, GHC 9.0.2)
efdtFx# a b c
  | if b >= a then prim ">" a c else prim "<" a c = []
  | otherwise = case prim "-#" b a of
      !d -> if prim ">=" d 0 then efdtFxU# a d c d d else efdtFxD# a d c d d
-- (a step past the type's range is past the limit: it ends the list)
efdtFxU# x d lim i j = if prim ">" x lim then [] else case fxElem# x of
  !e -> e : (case prim "+#" x d of !x' -> efdtFxU# x' d lim i j)
efdtFxD# x d lim i j = if prim "<" x lim then [] else case fxElem# x of
  !e -> e : (case prim "+#" x d of !x' -> efdtFxD# x' d lim i j)
-- at Int64, Word64 and Word: per element its box, a cons and a tail thunk of two free
-- variables (72 bytes, GHC 9.0.2); the step and the limit a pair made once
efdtFxB# a b c
  | if b >= a then prim ">" a c else prim "<" a c = []
  | otherwise = case prim "-#" b a of
      !d -> case (d, c) of
        !p -> if prim ">=" d 0 then efdtFxBU# a p else efdtFxBD# a p
efdtFxBU# x p = case p of
  (_, lim) -> if prim ">" x lim then [] else case fxElem# x of
    !e -> e : (case p of (d, _) -> case prim "+#" x d of !x' -> efdtFxBU# x' p)
efdtFxBD# x p = case p of
  (_, lim) -> if prim "<" x lim then [] else case fxElem# x of
    !e -> e : (case p of (d, _) -> case prim "+#" x d of !x' -> efdtFxBD# x' p)
fxEnumError# t i lo hi = errorWithoutStackTrace ("Enum.toEnum{" ++ t ++ "}: tag (" ++ show i
  ++ ") is outside of bounds (" ++ show lo ++ "," ++ show hi ++ ")")
fxSuccError# f t b = errorWithoutStackTrace
  ("Enum." ++ f ++ "{" ++ t ++ "}: tried to take `" ++ f ++ "' of " ++ b)
-- Data.Bits' rotations and FiniteBits' counts at Int (64 bits wide; the other types have
-- their own, fixed_ints.py)
rotateL x n = prim "fx#" 164 12 x n
rotateR x n = prim "fx#" 164 13 x n
rotate x n = prim "fx#" 164 12 x n
finiteBitSize x = 64
countLeadingZeros x = prim "fx#" 164 20 x 0
countTrailingZeros x = prim "fx#" 164 21 x 0
