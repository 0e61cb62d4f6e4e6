"""Data.Word's and Data.Int's fixed-width integers (Word, Word8 .. Word64, Int8 .. Int64) on
the STG machine: programs that use them run unmodified with GHC 9.0.2's output (wrap-around
as GHC's instances, bounds, conversions, Data.Bits, show/read, enumerations, division by
zero), with GHC's cost-centre trees and entries and its bytes (totals and cost centres)
within the tolerances measured. Compared with GHC 9.0.2 -O0 -prof -fprof-auto output in
tests/reference/ghc-9.0.2/shapes (README.md: fixedhash, fixedsum, fixedfold, fixedmix,
fixedrec, fixederr)."""

from __future__ import annotations

import pytest

from profkit.backends.stg.frontend.pipeline import compile_program
from profkit.backends.stg.machine.prims_word import wrap_fixed
from profkit.errors import SourceError
from tests.backends.stg.test_ghc_fidelity import (_prints_and_fails_as_ghc, _run,
                                                  check_reference)

#: per program: (the total's tolerance, each Main cost centre's, or 16 bytes) as
#: measured against GHC's bytes; the mains' prints of tuples are 7-10% under, as at Int
TOLERANCE = {
    "fixedhash": (0.005, 0.05),
    "fixedsum": (0.03, 0.11),
    "fixedfold": (0.005, 0.05),
    "fixedmix": (0.025, 0.11),
    # (its step's record with a strict field: 160 bytes a call against GHC's 128, as at Int)
    "fixedrec": (0.005, 0.26),
}


@pytest.mark.parametrize("name", sorted(TOLERANCE))
def test_programs_print_enter_and_allocate_as_ghc(tmp_path, name):
    check_reference(tmp_path, name, *TOLERANCE[name], slack=16)


def test_division_by_zero_is_ghcs_error(tmp_path):
    _prints_and_fails_as_ghc(tmp_path, "fixederr")


def test_a_generic_function_used_once_runs_at_its_use(tmp_path):
    """A function generic in its numbers used once is specialised at its use (its sum and
    literal wrap at Word8, as GHC's); GHC 9.0.2 prints 9."""
    src = ("import Data.Word\nmean xs = sum xs `div` fromIntegral (length xs)\n"
           "main :: IO ()\nmain = print (mean [10, 20, 255 :: Word8])\n")
    assert _run(tmp_path, src) == "9\n"


def test_wrap_around_is_ghcs(tmp_path):
    """Values GHC 9.0.2 printed: sums, products, negation, conversions and shifts wrap in
    two's complement at each width; a section's operator is chosen by its type too."""
    src = ("import Data.Word\nimport Data.Int\nimport Data.Bits\nmain :: IO ()\nmain = do\n"
           "  print (250 + 10 :: Word8, 300 :: Word8, fromIntegral (300 :: Int) :: Int8)\n"
           "  print (maxBound + 1 :: Int32, (2 :: Int64) ^ 63, negate 1 :: Word32)\n"
           "  print (map (`shiftL` 4) [31, 255 :: Word8], map (* 3) [100 :: Int8])\n"
           "  print (shiftR (-8 :: Int16) 1, complement (5 :: Word), popCount (-2 :: Int16))\n"
           "  print (toEnum 255 :: Word8, [254 ..] :: [Word8], subtract 1 (0 :: Word16))\n"
           "  print (lcm 200 44 :: Word8, lcm 100 (-7) :: Int8, foldr lcm 1 [1 .. 20 :: Word32])\n")
    assert _run(tmp_path, src) == ("(4,44,44)\n(-2147483648,-9223372036854775808,4294967295)\n"
                                   "([240,240],[44])\n(-4,18446744073709551610,15)\n"
                                   "(255,[254,255],65535)\n(152,68,232792560)\n")


def test_rotations_and_bit_counts_are_ghcs(tmp_path):
    """Values GHC 9.0.2 printed: rotateL/rotateR/rotate, finiteBitSize, countLeadingZeros and
    countTrailingZeros at the fixed types and at Int (64 bits)."""
    src = ("import Data.Word\nimport Data.Int\nimport Data.Bits\nmain :: IO ()\nmain = do\n"
           "  print (rotateL (0x80000001 :: Word32) 1, rotateR (1 :: Word8) 1, "
           "rotate (0x0F :: Word16) (-4), rotateL (-2 :: Int8) 1)\n"
           "  print (finiteBitSize (0 :: Word16), countLeadingZeros (1 :: Word32), "
           "countTrailingZeros (8 :: Int64), countLeadingZeros (-1 :: Int8), "
           "countTrailingZeros (0 :: Word8))\n"
           "  print (rotateL (1 :: Int) 65, countLeadingZeros (1 :: Int), "
           "finiteBitSize (3 :: Int))\n")
    assert _run(tmp_path, src) == "(3,128,61440,-3)\n(16,31,3,0,8)\n(2,63,64)\n"


@pytest.mark.parametrize("k, v, out", [(8, 260, 4), (108, 200, -56), (164, 1 << 63, -(1 << 63)),
                                       (64, -1, (1 << 64) - 1), (116, -32769, 32767)])
def test_wrap_fixed(k, v, out):
    assert wrap_fixed(k, v) == out


@pytest.mark.parametrize("src, message", [
    ("import Data.Word\nmain :: IO ()\nmain = print (byteSwap32 1)\n", "Variable not in scope"),
    ("import Data.Word\nmean xs = sum xs `div` fromIntegral (length xs)\nmain :: IO ()\n"
     "main = print (mean [10, 20, 255 :: Word8], mean [1, 2 :: Word8])\n",
     "`mean' is generic in its numbers (an Integral constraint): its use at Word8 is not"),
    ("import Data.Word\nmain :: IO ()\nmain = print (fromIntegral (3 :: Word8) :: Char)\n",
     "No instance for (Num Char)"),
    ("import Data.Int\nmain :: IO ()\nmain = print ((1 :: Int8) + (2 :: Int16))\n",
     "Couldn't match expected type `Int8' with actual type `Int16'"),
])
def test_bad_programs_are_refused_in_one_line(src, message):
    with pytest.raises(SourceError) as e:
        compile_program(src, "bad.hs", prof_auto="all")
    assert message in str(e.value) and "\n" not in str(e.value) and "bad.hs:" in str(e.value)
