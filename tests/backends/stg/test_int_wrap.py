"""Int arithmetic wraps at 64 bits, as GHC's (session 25).

The machine's numbers carry no type: an ``I#`` box holds an Int or a small Integer alike, so
``+``/``-``/``*`` past the Int range used to give the Integer's value (``maxBound + 1`` printed
9223372036854775808, a djb2 or FNV hash a 300-digit number). The front end now names the
Prelude's functions by their versions at Int where the checker typed them at Int
(directed.py's ``_INT_OPS``: ``+ - * negate abs fromInteger sum product ^ shiftL``, ``-x``, an
overflowed literal), whose primitives wrap (machine/prims_word.py ``wrap_int``; compile.py
inlines ``+I``/``-I``/``*I``). Their costs are the generic versions' (the same box), so a
program that never overflows allocates exactly what it did. Arithmetic at a type the checker
leaves open (a ``Num a =>`` function) still does not wrap.

References (tests/reference/ghc-9.0.2/shapes, README.md): overflow24 (session 24's held-out
Int-against-Integer program, not run before: its ``firstWrap`` never ended), intwrap25
(hashes, an LCG, shifts, powers, factorials at Int), intalias25 (``total = sum`` and
``(^ 2)``, ``foldr (+)``, sections at Int: the versions at Int keep the aliases' eta-expansion
and CAF costs).
"""

from __future__ import annotations

from tests.backends.stg.test_ghc_fidelity import assert_as_ghc


def test_overflow24_wraps_and_allocates_as_ghc(tmp_path):
    # main: 13 KB short in the big Integers' shows (not traced), as before this change
    assert_as_ghc(tmp_path, "overflow24", known_total=0.9747, known_cc={"main": 0.894})


def test_hashes_and_generators_wrap_as_ghc(tmp_path):
    # fnv: GHC builds its overflowed literal 14695981039346656037 as a big Integer and
    # converts it at each use (112 bytes the model does not allocate)
    assert_as_ghc(tmp_path, "intwrap25", known_total=None, known_cc={"fnv": 0.391})


def test_aliases_and_sections_at_int_keep_their_costs(tmp_path):
    # sq = (^ 2): 1.307 before the versions at Int too (not traced)
    assert_as_ghc(tmp_path, "intalias25", known_total=None, known_cc={"sq": 1.307})


def test_shifts_at_int_lose_high_bits_and_a_negative_count_is_an_overflow():
    """`shiftL` at Int keeps the low 64 bits (a hash that shifts by 7 over 16 characters);
    a negative count is base's overflowError, as at the fixed-width types (prims_word's
    fx# operation 6, shared with them); GHC 9.0.2's stdout and message."""
    from tests.backends.stg.hsrun import run_haskell
    src = ("import Data.Bits (shiftL)\nimport Data.Word (Word8)\nmain :: IO ()\nmain = do\n"
           "  print (foldl (\\h c -> h `shiftL` 7 + fromEnum c) 1 \"abcdefghijklmnop\" :: Int)\n"
           "  print (shiftL 1 63 :: Int, shiftL 3 64 :: Int, shiftL 200 1 :: Word8)\n"
           "  print (shiftL 1 (-1) :: Int)\n")
    r = run_haskell(src, "shifts.hs")
    assert r.stdout == "-1669802613157414928\n(-9223372036854775808,0,144)\n"
    assert r.error is not None and str(r.error).endswith("arithmetic overflow")
