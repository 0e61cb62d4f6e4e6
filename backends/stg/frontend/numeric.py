"""The types and instances of prelude_numeric.hs (Text.Read's readMaybe/readEither, Numeric,
Data.Ord's Down) as GHC 9.0.2 (base 4.15) gives them; ``typecheck_env`` reads the
signatures with the Prelude's, ``pipeline._helpers_source`` the dispatch of Down's Ord."""

#: the types prelude_numeric.hs declares, with the classes base gives them instances of
#: (each on the instance's argument: Ord a => Ord (Down a))
NUMERIC_TYCONS = {"Down": ("Eq", "Ord", "Show")}

NUMERIC_CONSTRUCTOR_SIGS = """Down :: a -> Down a
"""

NUMERIC_SIGS = """readMaybe :: Read a => String -> Maybe a
readEither :: Read a => String -> Either String a
showIntAtBase :: (Integral a, Show a) => a -> (Int -> Char) -> a -> String -> String
showHex :: (Integral a, Show a) => a -> String -> String
showOct :: (Integral a, Show a) => a -> String -> String
readHex :: (Eq a, Num a) => String -> [(a, String)]
readOct :: (Eq a, Num a) => String -> [(a, String)]
showFFloat :: RealFloat a => Maybe Int -> a -> String -> String
showEFloat :: RealFloat a => Maybe Int -> a -> String -> String
showGFloat :: RealFloat a => Maybe Int -> a -> String -> String
getDown :: Down a -> a
"""

#: Down's compare reverses its fields' (the generated cmpCon#'s alternative; <, <=, max ...
#: go through compare)
DOWN_ORD = {"compare": ["  (Down _) -> cmpDown# x y"]}
