"""Data.Word's and Data.Int's fixed-width integer types to the checker (GHC 9.0.2, base
4.15): the types, with the classes base gives them instances of (``typecheck_env`` and
``typecheck_types`` read them with the Prelude's; ``fixed_ints.py`` has what the front end
does with them)."""

#: the types, each with its width and signedness (a type code of the machine: the width,
#: plus 100 when signed; Word is 64 bits wide, as GHC's on a 64-bit machine)
FIXED_TYPES = {"Word": 64, "Word8": 8, "Word16": 16, "Word32": 32, "Word64": 64,
               "Int8": 108, "Int16": 116, "Int32": 132, "Int64": 164}

_CLASSES = ("Eq", "Ord", "Show", "Read", "Enum", "Bounded", "Num", "Real", "Integral",
            "Bits", "Ix")

#: the classes base gives each type an instance of (no context)
FIXED_TYCONS = {name: dict.fromkeys(_CLASSES, "") for name in FIXED_TYPES}

#: Data.Bits' functions the Prelude has only with these types (at Int too, 64 bits wide);
#: FiniteBits' are read as Bits' (the checker's classes are the Prelude's)
WORD_SIGS = """rotateL :: Bits a => a -> Int -> a
rotateR :: Bits a => a -> Int -> a
rotate :: Bits a => a -> Int -> a
finiteBitSize :: Bits a => a -> Int
countLeadingZeros :: Bits a => a -> Int
countTrailingZeros :: Bits a => a -> Int
"""
