"""Issue 18, "programs never seen" (helper unseen24): twenty ordinary programs in styles the
earlier held-out sets lacked (a class with a superclass and defaults with instances for
Either and lists, used by functions generic in it; records of several constructors sharing
fields, updated; mutual recursion between a top-level function and its where functions;
Data.Array dynamic programming; Data.Bits; base64 and Vigenere by ord/chr; showsPrec by
hand next to derived Show of infix constructors with fixities; read and readMaybe; scans,
iterate, until, zipWith3, gcd/lcm; Maybe and Either in do-notation with foldM/zipWithM;
user operators with fixity declarations and sections; nested, as- and irrefutable
patterns; Data.Map folds with keys and Data.Set algebra on a graph; go loops with tuple
accumulators; let polymorphism; a class with instance contexts for pairs, lists and Maybe;
text tables with Numeric's showHex/showFFloat and string gaps; a lambda-calculus
interpreter; numbers in words and Roman numerals; tic-tac-toe by minimax; a program ending
in an uncaught error; Int overflow), compared with GHC 9.0.2 -O0 -prof -fprof-auto
(tests/reference/ghc-9.0.2/shapes, README.md): stdout exactly, the cost-centre tree with its
entries exactly, the total within 2% and each cost centre of module Main within 5% of GHC's
bytes, but the gaps named below, each asserted at its measured ratio (none analysed unless
said; .notes/NOTE24_unseen24.md)."""

from __future__ import annotations

import pytest

from tests.backends.stg.test_ghc_fidelity import SHAPES, _run, _tree, assert_as_ghc

PROGRAMS = ["shapes24", "records24", "mutual24", "lcsarray24", "bits24", "base64x24",
            "showexpr24", "readin24", "seqfns24", "operators24", "patterns24", "graph24",
            "stats24", "letpoly24", "numwords24", "lambda24", "pretty24", "strfmt24",
            "tictactoe24"]

#: totals beyond 2% of GHC's: the model's ratio
KNOWN_TOTAL = {
    "operators24": 1.0966,
    "mutual24": 0.9187,
    "base64x24": 1.0281,
    # winner's comprehension `[c | [i, j, k] <- wins, let c = b !! i, ..]': 2.0x GHC's
    "tictactoe24": 1.1017,
}

#: cost centres beyond 5% of GHC's bytes (CAF left out): the model's ratio, or where GHC's
#: bytes are 0 the model's bytes (an int)
KNOWN_CC: dict[str, dict[str, float | int]] = {
    "records24": {"apply.step": 1.079},
    "lcsarray24": {"editDistance": 0.615, "editDistance.table": 0.924, "lcs": 0.625,
                   "lcs.t": 0.879, "pascal": 0.167, "editDistance.sa": 0.903,
                   "editDistance.ta": 0.906, "main.h2": 0.941},
    "bits24": {"reverseBits.\\": 1.385},
    "base64x24": {"decode.val": 1.444},
    "readin24": {"main.\\": 0.922, "readListPrec": 0.0, "readPrec": 0.485},
    "seqfns24": {"lcmAll": 0.579},
    # (main, times and +++ GHC's after the merge with session 24's shapes, test_shapes24)
    # (countBy 7.455 before session 25: the 16 bytes of its first entry of the CAF `.:',
    # GHC's too, shapes/cafenter25, on the bytes of `.:' the model charges it)
    "operators24": {".:": 0.189, "countBy": 7.636, "sumSquaresOdd": 1.145},
    "patterns24": {"lazyFst": 1.75, "lazyFst.(...)": 40},
    "graph24": {"components.go": 0.917},
    # onePass 16 bytes under GHC's since the merge with session 24's shapes (not analysed)
    "stats24": {"longestRun.loop": 1.123, "longestRun.pick": 0.0, "onePass": 0.947},
    # (letpoly24's main.both, 6.0, GHC's since the merge: test_shapes24)
    # (numwords24's toRoman.s 0.0 before session 25: a CAF's first entry, GHC's
    # 16-byte blackhole: shapes/cafenter25)
    "lambda24": {"church": 0.597},
    "strfmt24": {"main.rows": 1.078},
    "mutual24": {"collatz": 0.211, "collatz.up": 0.93, "collatz.down": 0.857,
                 "hofstadter": 0.429, "hofstadter.m": 0.858, "hofstadter.f": 0.871,
                 "expr": 0.947},
    "tictactoe24": {"winner": 2.002, "best.pick": 0.625},
}


@pytest.mark.parametrize("name", PROGRAMS)
def test_program_prints_enters_and_allocates_as_ghc(tmp_path, name):
    assert_as_ghc(tmp_path, name, KNOWN_TOTAL.get(name), KNOWN_CC.get(name))  # stdout, tree


@pytest.mark.xfail(strict=True, reason="`chain = foldM safeDiv' (a CAF) applied in main by "
                   "`map (chain 1000000) ..': GHC's calls of safeDiv are under main > chain "
                   "(0 entries, 808 bytes), the model's under main; not analysed")
def test_validate24(tmp_path):
    assert_as_ghc(tmp_path, "validate24", None, {"chain": 0.94, "friendOfFriendAge": 0.706})


WRAPS = """\
main :: IO ()
main = do
  print ((maxBound :: Int) + 1, (minBound :: Int) - 1, negate (minBound :: Int), abs (minBound :: Int))
  print (product [1 .. 21 :: Int], foldl (*) 1 [1 .. 21 :: Int], sum [maxBound, maxBound :: Int])
  print (2 ^ 63 :: Int, 3 ^ 40 :: Int, fromInteger (2 ^ 70 + 5) :: Int)
  let f :: Int -> Int
      f x = x * 1000003 + 7
  print (iterate f 1 !! 5)
"""


def test_int_wraps_as_ghc(tmp_path):
    """GHC 9.0.2's stdout (overflow24's first lines and more): Int arithmetic at the
    checked type Int wraps at 64 bits (directed.py's _INT_OPS; overflow24 itself is
    test_int_wrap.py's)."""
    assert _run(tmp_path, WRAPS) == (
        "(-9223372036854775808,9223372036854775807,-9223372036854775808,"
        "-9223372036854775808)\n(-4249290049419214848,-4249290049419214848,-2)\n"
        "(-9223372036854775808,-6289078614652622815,5)\n8799545901741371394\n")


def test_failafter24_prints_then_fails_as_ghc():
    """Lines printed, then `error' in a where function of a case alternative reached from a
    mapM_'s lambda: GHC's stdout (the failing putStrLn's partial line not committed) and
    its message with the HasCallStack lines."""
    from tests.backends.stg.hsrun import run_haskell
    src = (SHAPES / "programs" / "failafter24.hs").read_text()
    r = run_haskell(src, "failafter24.hs")
    assert r.stdout == (SHAPES / "out" / "failafter24.stdout").read_text()
    want = (SHAPES / "out" / "failafter24.stderr").read_text().splitlines()
    assert r.error is not None and str(r.error).splitlines()[:3] == want[:3]


SIZES = """\
class Size a where
  size :: a -> Int
  twice :: a -> Int
  twice = (* 2) . size
instance Size Bool where
  size _ = 1
instance (Size a, Size b) => Size (a, b) where
  size (a, b) = size a + size b
instance (Size a, Size b) => Size (Either a b) where
  size = either size size
instance (Size a, Size b, Size c) => Size (a, b, c) where
  size (a, b, c) = size a + size b + size c
total :: Size a => [a] -> Int
total = sum . map twice
main :: IO ()
main = do
  print (total [(True, False), (False, True)], twice (True, (False, True), Left True :: Either Bool Bool))
  print (total [Left True, Right (True, True) :: Either Bool (Bool, Bool)], twice True)
"""


def test_own_class_instances_for_pairs_triples_and_either(tmp_path):
    """Instances of the program's class for (a, b), (a, b, c) and Either a b (was refused:
    "`Either' is not a data type of this program"; a tuple head was a parse error), chosen
    by the checked type or, in `total', by the value's constructor. The point-free default
    `twice = (* 2) . size' is entered once per instance dictionary under CAF: 4 (it was
    one shared CAF, 1). GHC 9.0.2's stdout and entries."""
    assert _run(tmp_path, SIZES, "-P") == "(8,8)\n(6,2)\n"
    tree = _tree(tmp_path / "p.prof")
    assert {k[1] for k in tree if k[0] == ("MAIN", "CAF", "twice")} == {4}


@pytest.mark.xfail(strict=True, reason="a point-free instance method of an instance with a "
                   "context (`size = either size size') is a thunk of each dictionary GHC "
                   "builds (2 here: Either Bool Bool and Either Bool (Bool, Bool)); the model "
                   "passes no dictionaries: one CAF, entered once")
def test_point_free_method_of_a_context_instance_is_entered_per_dictionary(tmp_path):
    _run(tmp_path, SIZES, "-P")
    tree = _tree(tmp_path / "p.prof")
    assert {k[1] for k in tree if k[0] == ("MAIN", "CAF", "size")} == {2}


def test_method_on_a_list_of_the_class_type_at_an_open_type_is_refused(tmp_path):
    """`prettyList :: [a] -> String' used by `instance Pretty a => Pretty [a]' (base's
    showList trick) needs the element's dictionary, even for an empty list: refused with
    a message, not run wrong."""
    from profkit.errors import SourceError
    src = ("class Pretty a where\n  pretty :: a -> String\n  prettyList :: [a] -> String\n"
           "  prettyList = concatMap pretty\n"
           "instance Pretty Char where\n  pretty c = [c]\n"
           "instance Pretty a => Pretty [a] where\n  pretty = prettyList\n"
           "main :: IO ()\nmain = putStrLn (pretty \"ab\")\n")
    with pytest.raises(SourceError, match="prettyList"):
        _run(tmp_path, src, "-P")
