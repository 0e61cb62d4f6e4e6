"""A newtype's derived Eq and Ord as GHC 9.0.2 builds them (frontend/deriving.py's
``_coerced``), base's ``show`` of its nullary constructors, comparisons of base's types
without allocation, and containers' ``fromList`` testing its keys with ``>=``, and a function's closed tree of
constructors allocated under its cost centre (binds._split_leaf's ``alternative``).

Compared with GHC 9.0.2 -O0 -prof -fprof-auto (tests/reference/ghc-9.0.2/shapes,
README.md, session 23): stdout and the cost-centre tree with its entries exactly, totals
and cost centres within 2% and 5% or at their measured ratios where a known gap remains.
Before these fixes every program here had a different tree (a newtype's `/=`, `max` and
`min` entered its `==` or `<=` instead of their own CAFs; its methods over a program's
type called that type's `compare` for `<`; `Data.Map.fromList` entered `<` where
containers enters `>=`), `print True` allocated 200 bytes more than GHC's, and
`exits Hall = [(North, Kitchen)]`'s cells were charged to its callers (splitleaf23:
f1, f2 and f6 had none of GHC's bytes; adventure23's exits none of its 5,856).
"""

from __future__ import annotations

import pytest

from tests.backends.stg.test_ghc_fidelity import _run, assert_as_ghc

PROGRAMS = ["gnd23", "ntord23", "showcmp23", "splitleaf23"]
#: the model's total / GHC's. gnd23's nine 9-tuples are shown through Show dictionaries
#: GHC -O0 builds as CAFs of Main (7,888 bytes of CAF Main the model does not charge)
KNOWN_TOTAL = {"gnd23": 0.975}  # (0.963 before session 25's show_cons and first CAF entries)
KNOWN_CC: dict[str, dict[str, float | int]] = {
    # the newtypes keep a 16-byte box (their Show is chosen by the value's constructor:
    # newtypes.py), which GHC erases: users' UserId and Name, scoreOf's Score, rankOf's Rank
    "ntord23": {"users": 1.050, "scoreOf": 1.080, "rankOf": 1.577},
    # main's shows of the 9-tuples 1.063 since session 25's show of base's one-field
    # constructors (show_cons.py; GHC's tuples of Maybe fields 32 bytes under: shapes25's
    # note); the total nearer GHC's (0.963 -> 0.975)
    "gnd23": {"main": 1.063},
}


@pytest.mark.parametrize("name", PROGRAMS)
def test_program_prints_enters_and_allocates_as_ghc(tmp_path, name):
    assert_as_ghc(tmp_path, name, KNOWN_TOTAL.get(name), KNOWN_CC.get(name))


def test_newtype_methods_keep_their_meaning(tmp_path):
    """The coerced methods compare the field as the field type's own methods do (runghc's
    output), including a newtype of a newtype and one with a type parameter."""
    src = ("newtype N = N Int deriving (Show, Eq, Ord)\n"
           "newtype M = M N deriving (Show, Eq, Ord)\n"
           "newtype W a = W a deriving (Show, Eq, Ord)\n"
           "main = do\n"
           "  print (max (N 3) (N (-2)), min (N 3) (N (-2)), N 1 /= N 1, N 1 /= N 2)\n"
           "  print (max (M (N 1)) (M (N 4)), M (N 2) < M (N 2), compare (M (N 5)) (M (N 1)))\n"
           "  print (maximum [W 'a', W 'z', W 'q'], W [1, 2] /= W [1 :: Int], min (W 2.5) (W 1))\n"
           "  print (maximum [N 4, N 9, N 1], minimum (map N [5, 3, 8]))\n")
    assert _run(tmp_path, src) == (
        "(N 3,N (-2),False,True)\n(M (N 4),False,GT)\n(W 'z',True,W 1.0)\n(N 9,N 3)\n")


def test_show_of_base_nullary_constructors(tmp_path):
    """`show` of Bool/Ordering/() gives base's strings (runghc's output)."""
    src = ('main = do\n'
           '  putStrLn (show True ++ show LT ++ show () ++ show [EQ, GT] ++ show (Just False))\n'
           '  print (show False == "False", length (show GT))\n')
    assert _run(tmp_path, src) == "TrueLT()[EQ,GT]Just False\n(True,2)\n"


def test_coerced_method_bytes_follow_the_field_type_through_synonyms():
    """What a coerced method's CAF allocates (GHC 9.0.2, gnd23): 16 bytes for a field type
    whose instance is built by application, a synonym of one included; a program type's
    /=, max and min (class defaults applied to its dictionary) too; nothing otherwise."""
    from profkit.backends.stg.frontend import deriving
    from profkit.backends.stg.frontend.parser import parse_module

    mod = parse_module("type Label = String\ntype Key = Label\n"
                       "newtype L = L Key deriving (Eq)\nnewtype P = P (Int, Int)\n"
                       "newtype I = I Int\nnewtype T = T Colour\n"
                       "data Colour = Red | Green\n", "t.hs")
    texts = {d.name: d.field_texts[0][0] for d in mod.decls if getattr(d, "newtype", False)}
    assert texts["L"] == "String"
    bytes_of = deriving._caf_bytes
    assert [bytes_of(texts[n], "lt") for n in "LPIT"] == [16, 16, 0, 0]
    assert [bytes_of(texts[n], "max") for n in "LPIT"] == [16, 16, 0, 16]
    assert bytes_of("Integer", "ne") == 0 and bytes_of("( Int )", "lt") == 0
