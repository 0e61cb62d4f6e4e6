"""The types of prelude_numeric.hs's functions and constructors (Text.Read's readMaybe/
readEither, Numeric, Data.Ord's Down, Data.Ratio; GHC 9.0.2's, base 4.15) as Haskell
signatures, and the instances base gives its types; ``typecheck_env.prelude_env`` reads them
with the Prelude's (numeric.py has what the front end does with them)."""

#: the types prelude_numeric.hs declares, with the classes base gives them instances of:
#: "args" on the type's argument (Ord a => Ord (Down a)), "" for any argument
NUMERIC_TYCONS = {
    "Down": {"Eq": "args", "Ord": "args", "Show": "args"},
    "Ratio": {"Eq": "args", "Ord": "args", "Show": "args", "Num": "", "Real": "",
              "Fractional": "", "RealFrac": ""},
}

NUMERIC_CONSTRUCTOR_SIGS = """Down :: a -> Down a
"""

NUMERIC_SIGS = """readMaybe :: Read a => String -> Maybe a
reads :: Read a => String -> [(a, String)]
lex :: String -> [(String, String)]
readParen :: Bool -> (String -> [(a, String)]) -> String -> [(a, String)]
(^^) :: (Fractional a, Integral b) => a -> b -> a
sinh :: Floating a => a -> a
cosh :: Floating a => a -> a
tanh :: Floating a => a -> a
asinh :: Floating a => a -> a
acosh :: Floating a => a -> a
atanh :: Floating a => a -> a
isNaN :: RealFloat a => a -> Bool
isInfinite :: RealFloat a => a -> Bool
isNegativeZero :: RealFloat a => a -> Bool
isDenormalized :: RealFloat a => a -> Bool
isIEEE :: RealFloat a => a -> Bool
floatRadix :: RealFloat a => a -> Integer
floatDigits :: RealFloat a => a -> Int
floatRange :: RealFloat a => a -> (Int, Int)
decodeFloat :: RealFloat a => a -> (Integer, Int)
significand :: RealFloat a => a -> a
exponent :: RealFloat a => a -> Int
encodeFloat :: RealFloat a => Integer -> Int -> a
scaleFloat :: RealFloat a => Int -> a -> a
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
(%) :: Integral a => a -> a -> Ratio a
numerator :: Ratio a -> a
denominator :: Ratio a -> a
fromRational :: Fractional a => Ratio Integer -> a
toRational :: Real a => a -> Ratio Integer
recip :: Fractional a => a -> a
"""
