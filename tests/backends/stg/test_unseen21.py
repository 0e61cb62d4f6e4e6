"""Issue 18, "programs never seen" (helper unseen21): seventeen ordinary programs written as
a Haskell user writes a test program, in styles the other references lacked (a hand-written
parser monad, Maybe/Either chains, IO loops over IORefs, lazy and irrefutable patterns,
ShowS printers with infix constructors, lazy-array dynamic programming, classes with
superclasses and a container class, Data.Bits/Word hashing, a record simulation, string
processing, less-used Map/Set functions, the list monad with guard, Semigroup/Monoid
instances, Double numerics, an mtl State simulation, Data.List combinatorics, arrays
with accumArray and digit conversions), compared with GHC 9.0.2 -O0 -prof -fprof-auto
(tests/reference/ghc-9.0.2/shapes, README.md): stdout exactly, the cost-centre tree with
its entries exactly, the total within 2% and each cost centre of module Main within 5% of
GHC's bytes, but the gaps named below, each asserted at its measured ratio (see
.notes/NOTE21_unseen21.md for what is known of their causes)."""

from __future__ import annotations

import pytest

from profkit.backends.stg.frontend.pipeline import compile_program
from profkit.errors import SourceError
from tests.backends.stg.hsrun import run_haskell
from tests.backends.stg.test_ghc_fidelity import _run, assert_as_ghc

PROGRAMS = ["parsecomb", "maybechain", "ioloops", "lazypats", "showsprec", "dynprog",
            "containcls", "bitshash", "particles", "strproc", "mapalter", "listmonad",
            "monoidal", "numerics", "statesim", "permsubs", "arrayhist"]

#: totals beyond 2% of GHC's: the model's ratio (containcls: a newtype with an instance of
#: a class of the program keeps its box, the model choosing the instance by it)
KNOWN_TOTAL = {"containcls": 1.052}

#: cost centres beyond 5% of GHC's bytes (CAF left out): the model's ratio, or where GHC's
#: bytes are 0 the model's bytes (an int)
KNOWN_CC: dict[str, dict[str, float | int]] = {
    # `satisfy ok = Parser f where f ..': GHC inlines f and eta-expands satisfy, its note
    # on a lambda (0 bytes: the callers pay); the model keeps f's closure in satisfy
    # (factor.variable 0.008 GHC's, token 0.62 -> 0.938, factor.parens 0.552 -> 0.862, since
    # session 25's Applicative defaults and <$> through base: test_programs25)
    "parsecomb": {"factor.letExpr": 0.75, "satisfy": 72976, "factor.parens": 0.862,
                  "token": 0.938,
                  "symbol": 0.6, ">>=.\\": 1.133, "fmap.\\": 0.88},
    # (main.\ and average GHC's since session 24: a match decided at run time keeps its
    # function's note whole, test_shapes24)
    "maybechain": {"lookupAll": 0.884},
    "ioloops": {"collatzLen": 0.945},
    # a function's irrefutable pattern `zipLazy (x:xs) ~(y:ys)': GHC's selectors cost more
    # (dupFirst GHC's 0 since session 24: test_shapes24)
    "lazypats": {"zipLazy": 0.748, "lazyFst": 24},
    # lazy Data.Array tables built from a list comprehension of thunks
    "dynprog": {"editDistance": 0.611, "editDistance.aa": 0.938, "editDistance.ba": 0.935,
                "editDistance.table": 0.931, "lcs": 0.552, "lcs.t": 0.879, "lcs.ya": 0.948},
    # methods of instances for newtypes, which keep their box here (Stack's insert: GHC
    # charges its cons to the caller, fill)
    # (`empty`'s 24 bytes are gone since simplifier23: a known constructor's case with
    # its binder used)
    "containcls": {"name": 0.0, "fromEnum": 0.0, "insert": 2.168,
                   "fill": 0.572},
    "bitshash": {"adler32": 1.5, "adler32.(...)": 0.682},
    # (height and width, top-level literals, GHC's 0 bytes since unseen26's static boxes:
    # 16 bytes each before)
    "particles": {"parts": 0.0, "showsPrec": 0.945},
    "strproc": {"columns.\\": 1.099},
    # Set.partition in a pattern binding: 3200 bytes over (vote 3216 under)
    "mapalter": {"main.(...)": 7.667, "vote": 0.949},
    # the list's >> (base's *>, -O2): the model's copy of the right list is not GHC's
    "listmonad": {"sendMoreLike": 0.938},
    # (monoidal's pname and city, and parsecomb's runParser, 0.0 before session 25:
    # a CAF's first entry, GHC's
    # 16-byte blackhole: shapes/cafenter25)
    "statesim": {"main.counts": 1.105},
    "permsubs": {"main.(...)": 1.084},
    # the grid's neighbour count (a comprehension with let and inRange over a 2D array);
    # showIntAtBase
    "arrayhist": {"neighbours": 0.939, "toBase": 1.134, "grid": 0.938},
}


@pytest.mark.parametrize("name", PROGRAMS)
def test_program_prints_enters_and_allocates_as_ghc(tmp_path, name):
    assert_as_ghc(tmp_path, name, KNOWN_TOTAL.get(name), KNOWN_CC.get(name))  # stdout, tree


def test_irrefutable_pattern_is_not_matched(tmp_path):
    """`f ~(a, _) = 42` applied to an error: nothing is forced (was run-time failure: the
    model matched ~p strictly); `foldr (\\x ~(e, o) -> ..)` partitions lazily."""
    src = ("lazyFst :: (Int, Int) -> Int\nlazyFst ~(a, _) = 42\n"
           "split :: [Int] -> ([Int], [Int])\n"
           "split = foldr (\\x ~(e, o) -> if even x then (x : e, o) else (e, x : o)) ([], [])\n"
           "main :: IO ()\nmain = do\n  print (lazyFst (error \"forced\"))\n"
           "  print (take 3 (fst (split [1 ..])))\n")
    assert _run(tmp_path, src, "-P") == "42\n[2,4,6]\n"


def test_infix_constructor_declarations_show_infix(tmp_path):
    """`data P a b = a :& b` (a type variable on the left was a parse error) with a fixity:
    derived Show shows `1 :& ('x' :& \"s\")` at the declared precedence, a negative field
    without parentheses at precedence 6, a prefix-declared operator prefix."""
    src = ("data P a b = a :& b deriving Show\ninfixr 5 :&\n"
           "data Q = (:%) Int Int | Int :$ Int deriving Show\n"
           "main :: IO ()\nmain = do\n  print (1 :& 'x' :& \"s\")\n"
           "  print (Just (3 :& (-4)))\n  print [(:%) 1 2, 3 :$ 4]\n")
    assert _run(tmp_path, src, "-P") == \
        "1 :& ('x' :& \"s\")\nJust (3 :& -4)\n[(:%) 1 2,3 :$ 4]\n"


def test_as_pattern_binding(tmp_path):
    src = ("main :: IO ()\nmain = do\n  let xs@(h:_) = map (* 3) [5 .. 9 :: Int]\n"
           "  print (h, sum xs)\n  print t\n  where all@(t:_) = \"abc\"\n")
    assert _run(tmp_path, src, "-P") == "(15,105)\n'a'\n"


def test_class_method_without_class_argument_runs():
    """`empty :: f a` of a user constructor class used where only the context fixes `f`
    (containcls's first form: `fill = foldr insert empty`): refused in one line until
    session 26, now `fill` takes the type's tag (open_methods.py; test_programs26)."""
    src = ("class Container f where\n  empty :: f a\n  insert :: a -> f a -> f a\n"
           "newtype Stack a = Stack [a]\ninstance Container Stack where\n"
           "  empty = Stack []\n  insert x (Stack xs) = Stack (x : xs)\n"
           "fill :: Container f => [a] -> f a\nfill = foldr insert empty\n"
           "main :: IO ()\nmain = case fill [1, 2 :: Int] :: Stack Int of\n"
           "  Stack xs -> print xs\n")
    r = run_haskell(src)
    assert r.error is None and r.stdout == "[1,2]\n"


def test_a_module_outside_the_subset_is_one_line():
    """A module the subset does not have (Data.Sequence) is refused in one line (this was
    Data.Monoid, which monoidal's first form used, before test_libraries22)."""
    src = "import Data.Sequence (fromList)\nmain :: IO ()\nmain = print 1\n"
    with pytest.raises(SourceError) as e:
        compile_program(src, "bad.hs", prof_auto="all")
    assert str(e.value).startswith("bad.hs:1:8: error: Could not find module `Data.Sequence'")
    assert "\n" not in str(e.value)
