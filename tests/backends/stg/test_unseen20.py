"""Issue 18, "programs never seen" (helper unseen20): eleven ordinary programs written as a
Haskell user writes a test program, in styles the other references lack, compared with
GHC 9.0.2 -O0 -prof -fprof-auto (tests/reference/ghc-9.0.2/shapes, README.md): stdout
exactly, the cost-centre tree with its entries exactly, the total allocation within 2% and
each cost centre of module Main within 5% of GHC's bytes, but the gaps named below, each
asserted at its measured ratio (see .notes/NOTE20_unseen20.md for their causes)."""

from __future__ import annotations

import pytest

from profkit.backends.stg.frontend.pipeline import compile_program
from profkit.errors import SourceError
from tests.backends.stg.test_ghc_fidelity import (_per_cc, _run, assert_as_ghc,
                                                  run_reference)

PROGRAMS = ["warehouse", "exprparse", "topograph", "heapsim", "textstats", "vectors",
            "classtree", "enumrec", "iterscan", "localpoly", "counters"]

#: totals beyond 2% of GHC's: the model's ratio (vectors: showFFloat's digits, 1.25x)
KNOWN_TOTAL = {"vectors": 1.037}

#: cost centres beyond 5% of GHC's bytes (CAF left out, as everywhere): the model's ratio
KNOWN_CC: dict[str, dict[str, float]] = {
    # (step and applyOp within 5% since session 24: applyOp inlined into step, its note
    # pushed into its match and the Either dropped by case of case, test_shapes24)
    # (initial.\\ 0.938 before session 25: it enters a CAF first, GHC's 16-byte
    # blackhole, shapes/cafenter25)
    "warehouse": {"step.earned": 1.111},
    "exprparse": {"expr": 1.059, "term": 1.059},
    # popH (Ord a =>) is inlined into its callers, its Just and pair dropped there, and
    # drain's `merge l r` thunk built inside the `drain h'` thunk, as in GHC (was popH
    # 5582x, drain 0.538, simulate 0.866 before session 22); insertH's partial application
    "heapsim": {"insertH": 0.9},
    # (textstats's main.ws, 0.0 before session 25: a CAF's first entry, GHC's
    # 16-byte blackhole: shapes/cafenter25)
    "vectors": {"showRow.\\": 1.25},
    # (main 1.054 and foldr 0.718 before session 23: base's Foldable defaults ran on the
    # list of the elements; now through the instance's foldr, as base's)
    "classtree": {"name": 0.0, "totalCost": 0.821},
    # a derived Ord of more than 7 constructors: GHC's `<=`/`>=` cost 24 bytes a call, the
    # model's (and GHC's below 8 constructors) 32
    # (fullDeck GHC's since session 24's derived enumFromTo, enumrange24; main 1.079 then)
    "enumrec": {"main": 1.055, "<=": 1.274,
                "succ": 0.833, ">=": 1.333, "pred": 1.5},
    "localpoly": {"pipeline": 1.36},
    # a local function generalised (Integral a =>) and used once in a lambda's let
    "counters": {"main.\\.l": 0.455},
}


@pytest.mark.parametrize("name", PROGRAMS)
def test_program_prints_enters_and_allocates_as_ghc(tmp_path, name):
    assert_as_ghc(tmp_path, name, KNOWN_TOTAL.get(name), KNOWN_CC.get(name))  # stdout, tree


def test_unused_local_bindings_are_not_built(tmp_path):
    """GHC -O0's simple optimiser drops a `where` binding nothing uses (its closure and the
    dictionary it would capture): a step with one costs what a step without it costs."""
    src = ("import qualified Data.Map.Strict as Map\nimport Data.List (foldl')\n"
           "s1 :: (Map.Map String Int, Int) -> Int -> (Map.Map String Int, Int)\n"
           "s1 (st, r) op = (st, r + op)\n  where\n"
           "    earned k = maybe 0 (* k) (Map.lookup \"a\" st)\n    unused = op * 2\n"
           "s2 :: (Map.Map String Int, Int) -> Int -> (Map.Map String Int, Int)\n"
           "s2 (st, r) op = (st, r + op)\n"
           "main :: IO ()\nmain = do\n  let m = Map.fromList [(\"a\", 1), (\"b\", 2)]\n"
           "  print (snd (foldl' s1 (m, 0) [1 .. 1000]))\n"
           "  print (snd (foldl' s2 (m, 0) [1 .. 1000]))\n")
    assert _run(tmp_path, src, "-P") == "500500\n500500\n"
    _, p = _per_cc(tmp_path / "p.prof")
    assert p[("s1", "Main")] == p[("s2", "Main")] == [72000, 1000]  # GHC's bytes


def test_a_local_functions_dictionary_is_built_at_its_first_use(tmp_path):
    """A `where` function needing `Ord String` (Map.lookup at String keys): GHC binds a
    2-word thunk of the dictionary with the function and builds the dictionary where a use
    forces it, not at all in a call that never reaches the lookup (was 1.072x of GHC's
    total in warehouse, whose helper runs in one branch of its caller)."""
    g_total, _, p_total, _ = run_reference(tmp_path, "warehouse")
    # (1.0099 since session 24: applyOp inlined into step with its note pushed into its
    # match, step.earned and step 1.11x and 1.025x of GHC's, not analysed; the dictionary
    # built at every call was 1.072)
    assert p_total / g_total == pytest.approx(1.0099, abs=0.003)


def test_bounded_method_in_generic_function_used_at_one_type(tmp_path):
    """`maxBound` in an `(Eq a, Bounded a, Enum a) =>` function called twice, both at one
    type: the type its uses give it (the model passes no dictionaries)."""
    src = ("data C = R | G | B deriving (Show, Eq, Enum, Bounded)\n"
           "next :: (Eq a, Enum a, Bounded a) => a -> a\n"
           "next x = if x == maxBound then minBound else succ x\n"
           "main :: IO ()\nmain = print (next B, next R)\n")
    assert _run(tmp_path, src, "-P") == "(R,G)\n"


@pytest.mark.parametrize("src, message", [
    # used at two types with no value of the type to witness it (unseen23's witnesses:
    # bounded_witness.py): no dictionary tells maxBound its type here
    ("data C = R | G deriving (Eq, Enum, Bounded)\n"
     "top :: (Enum a, Bounded a) => Int -> a\n"
     "top _ = maxBound\n"
     "main :: IO ()\nmain = print (fromEnum (top 1 :: C), top 2 :: Bool)\n",
     "bad.hs:3:9: error: `maxBound' at a type variable"),
    # (read at tuples is supported since missing22; a hand-written Read instance is not)
    ("data T = T Int\ninstance Read T where\n  readsPrec _ s = [(T 1, s)]\nmain :: IO ()\n"
     "main = case read \"x\" of T n -> print n\n", "instances of class `Read' are not"),
])
def test_outside_the_subset_is_one_line(src, message):
    with pytest.raises(SourceError) as e:
        compile_program(src, "bad.hs", prof_auto="all")
    assert message in str(e.value) and "\n" not in str(e.value)
