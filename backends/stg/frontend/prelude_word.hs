-- Data.Word and Data.Int, part of the Prelude module: what the functions at each type
-- (fixed_ints.prelude_source, appended after this file) share; their arithmetic is the
-- primitive fx# (machine/prims_word.py)

-- base's enumFromTo at Word8 .. Word32 and Int8 .. Int32 (through Int, per element a cons,
-- the box and a tail thunk of three free variables: 80 bytes, GHC 9.0.2)
eftFx# x y k = x : (if prim "==" x y then [] else case x + 1 of !x' -> eftFx# x' y k)
-- and enumFromThenTo (96 bytes an element)
efdtFx# a b c k
  | if b >= a then prim ">" a c else prim "<" a c = []
  | otherwise = case a + 0 of
      !a' -> case b - a of
        !d -> if d >= 0 then efdtFxU# a' d c k k else efdtFxD# a' d c k k
-- (a step past the type's range is past the limit: it ends the list unwrapped)
efdtFxU# x d lim k j =
  if prim ">" x lim then [] else x : (case x + d of !x' -> efdtFxU# x' d lim k j)
efdtFxD# x d lim k j =
  if prim "<" x lim then [] else x : (case x + d of !x' -> efdtFxD# x' d lim k j)
fxEnumError# t i lo hi = errorWithoutStackTrace ("Enum.toEnum{" ++ t ++ "}: tag (" ++ show i
  ++ ") is outside of bounds (" ++ show lo ++ "," ++ show hi ++ ")")
fxSuccError# f t b = errorWithoutStackTrace
  ("Enum." ++ f ++ "{" ++ t ++ "}: tried to take `" ++ f ++ "' of " ++ b)
