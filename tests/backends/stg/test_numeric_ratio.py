"""Text.Read's readMaybe/readEither, Numeric (showHex, showOct, readHex, readOct, showFFloat,
showEFloat, showGFloat), Data.Ord's Down and Data.Ratio on the STG machine: programs that
import them run unmodified and print GHC's output, with GHC's cost-centre trees and entries
and its bytes (totals and cost centres) within the tolerances measured, GHC's run-time error
for a zero denominator and its type errors. Compared with GHC 9.0.2 -O0 -prof -fprof-auto
output in tests/reference/ghc-9.0.2/shapes (README.md)."""

from __future__ import annotations

import pytest

from profkit.backends.stg.frontend.pipeline import compile_program
from profkit.backends.stg.machine.prims_numeric import format_float
from profkit.errors import SourceError
from tests.backends.stg.test_ghc_fidelity import (_prints_and_fails_as_ghc, _run,
                                                  check_reference)

#: per program: (the total's tolerance, each Main cost centre's) as measured against GHC's
#: bytes (the fits of machine/prims_numeric.py and prelude_numeric.hs's ratioCost#)
TOLERANCE = {
    # numparse: hexLine 0.909x, showHex's own gap (0.89x on 3 digits: base's generic
    # showIntAtBase not modelled); abs no longer boxes a non-negative Int, as GHC's (shapes20)
    "numparse": (0.025, 0.095),
    "numformat": (0.005, 0.02),
    # downsort: main's printing 0.93x (the model's gap on shown tuples); main's words exact
    # since base's -O2 words (session 18) left the total at 0.985
    "downsort": (0.02, 0.03),
    "ratios": (0.01, 0.12),
}


@pytest.mark.parametrize("name", sorted(TOLERANCE))
def test_programs_print_enter_and_allocate_as_ghc(tmp_path, name):
    check_reference(tmp_path, name, *TOLERANCE[name])


def test_ratios_at_open_types_print_as_ghc(tmp_path):
    """Num, `/` and `^` at a type left open (`Fractional a =>`) used at Rational, and sum,
    product and maximum of Rationals: GHC 9.0.2's output."""
    src = ("import Data.Ratio\navg :: Fractional a => [a] -> a\n"
           "avg xs = sum xs / fromIntegral (length xs)\nsq :: Num a => a -> a\n"
           "sq x = x * x + 1\nmain :: IO ()\nmain = do\n  print (sq (1 % 2 :: Rational))\n"
           "  print (sum [1 % 2, 1 % 3 :: Rational], product [2 % 3, 3 % 4 :: Rational], "
           "(2 % 3 :: Rational) ^ 3)\n  print (maximum [1 % 2, 2 % 3, 1 % 3 :: Rational])\n"
           "  print (avg [1 % 2, 1 % 3 :: Rational], avg [1.5, 2 :: Double])\n")
    assert _run(tmp_path, src) == ("5 % 4\n(5 % 6,1 % 2,8 % 27)\n2 % 3\n(5 % 12,1.75)\n")


def test_the_preludes_rationals_run_without_data_ratio(tmp_path):
    """toRational, fromRational and Rational arithmetic are the Prelude's: GHC's output."""
    src = ("main :: IO ()\nmain = do\n  let r = toRational (0.75 :: Double) + 1\n  print r\n"
           "  print (fromRational r :: Double, r * r, r < 2)\n")
    assert _run(tmp_path, src) == "7 % 4\n(1.75,49 % 16,True)\n"


def test_zero_denominator_is_ghcs_error(tmp_path):
    _prints_and_fails_as_ghc(tmp_path, "ratioerr")


@pytest.mark.parametrize("kind, dec, x, text", [
    # base's roundTo: half to even on the digits (2.5 -> 2, 3.5 -> 4), Just 0 without a point
    (0, 0, 2.5, "2"), (0, 0, 3.5, "4"), (0, 2, -0.125, "-0.12"), (0, 0, -0.125, "-0"),
    (0, 2, 99.995, "100.00"), (0, None, 1.0e-4, "0.0001"), (1, 0, 12345.678, "1e4"),
    (1, None, 0.0, "0.0e0"), (1, 3, 0.0, "0.000e0"), (2, 2, 0.05, "5.00e-2"),
    (2, 2, 1234567.0, "1234567.00"), (0, 2, 1.0e22, "10000000000000000000000.00"),
])
def test_float_formats_are_bases(kind, dec, x, text):
    """Values GHC 9.0.2 printed (numformat and a probe): formatRealFloat's cases."""
    assert format_float(kind, dec, x) == text


@pytest.mark.parametrize("src, message", [
    ("import Data.Ratio\nmain :: IO ()\nmain = print (3 % 4 :: Double)\n",
     "Couldn't match expected type `Double' with actual type `Ratio"),
    ("import Data.Ratio\nmain :: IO ()\nmain = print (0.5 :: Rational)\n",
     "a fractional literal at `Rational' is not supported"),
    ("import Text.Read\ndata T = T Int deriving Show\nmain :: IO ()\n"
     "main = print (readMaybe \"T 1\" :: Maybe T)\n", "No instance for (Read T)"),
    ("import Data.Ord\nmain :: IO ()\nmain = print (Down id < Down id)\n", "No instance for"),
    ("import Numeric\nmain :: IO ()\nmain = putStrLn (showHex 'x' \"\")\n", "No instance for"),
])
def test_bad_programs_are_refused_in_one_line(src, message):
    with pytest.raises(SourceError) as e:
        compile_program(src, "bad.hs", prof_auto="all")
    assert message in str(e.value) and "\n" not in str(e.value)


def test_programs_without_the_modules_are_refused():
    with pytest.raises(SourceError, match="Could not find module `Data.Fixed'"):
        compile_program("import Data.Fixed\nmain :: IO ()\nmain = return ()\n", "bad.hs")
