-- Text.Read, Numeric and Data.Ord's Down, part of the Prelude module (appended to the other
-- Prelude files when it is loaded; their primitives are machine/prims_numeric.py).

-- ------------------------------------------------------------------ Text.Read
-- readMaybe/readEither at the type the checker finds (directed._read_directed gives the
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
readBase# base ok s = case span ok s of
  ([], _) -> []
  (ds, r) -> [(foldl (\n d -> n * base + fromIntegral (digitToInt d)) 0 ds, r)]
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
