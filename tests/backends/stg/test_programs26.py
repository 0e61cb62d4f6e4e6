"""Shapes of ordinary programs measured against GHC 9.0.2 (session 26): a program's class
with a method chosen by its result type (`empty :: f a`, `zero :: a`) used where a
signature leaves the type open, and methods called in generic code.

The subset picks an instance of a program's class by the constructor of the method's
argument; `zero` has no argument, so `msum' :: Semi a => [a] -> a; msum' = foldr plus zero`
was refused ("used at a type the program leaves open"). Such functions now take the type's
tag, as GHC's take a dictionary (frontend/open_methods.py), passed on through generic callers
and picked by superclass defaults.

References (tests/reference/ghc-9.0.2/shapes, README.md): openmd26, typeclsd26, genericd26.
"""

from __future__ import annotations

import pytest

from profkit.errors import SourceError
from tests.backends.stg.hsrun import run_haskell
from tests.backends.stg.test_ghc_fidelity import assert_as_ghc


def test_result_type_methods_at_open_types_print_as_ghc(tmp_path):
    """openmd26: `zero` at four instance types through generic functions, a where-bound
    helper, recursion, a subclass's default and a subclass-constrained function. Total
    1.003. Known, not traced: `plus` 1.15 (680 bytes over 35 calls of four instances),
    `rep` 0.79, `scan'` 1.43 (24 bytes of 56), `twice` 1.13 (16 bytes of 120): what GHC's
    dictionary selections cost against a tag's."""
    assert_as_ghc(tmp_path, "openmd26", known_total=None, known_cc={
        "plus": 1.150, "rep": 0.792, "scan'.go": 0.933, "scan'": 1.429, "twice": 1.133})


def test_constructor_class_with_newtype_instances_prints_as_ghc(tmp_path):
    """typeclsd26: `class Container f where empty :: f a` with newtype instances, `fill =
    foldr insert empty` at a Stack and a Queue. Known: `insert` 3x and `fill` 0.78x: the
    program's newtypes are kept boxed in its instances' methods (GHC's are coercions)."""
    assert_as_ghc(tmp_path, "typeclsd26", known_total=None, known_cc={
        "insert": 3.000, "fill": 0.782})


def test_methods_called_saturated_in_generic_code_allocate_nothing(tmp_path):
    """genericd26: `twice x = plus x x` at an open type allocates nothing in GHC (the method
    is selected and called with both arguments); a dispatcher of one argument made a
    32-byte partial application per call (32,000 bytes in `twice`)."""
    assert_as_ghc(tmp_path, "genericd26")


TAGGED = """class Def a where
  def :: a
  name :: a -> String
instance Def Int where
  def = 7
  name _ = "int"
instance Def Bool where
  def = True
  name _ = "bool"
pair :: (Def a, Def b) => (a, b)
pair = (def, def)
both :: (Def a, Def b) => Int -> [(a, b)]
both n = replicate n pair
main :: IO ()
main = do
  print (pair :: (Int, Bool))
  print (both 2 :: [(Bool, Int)])
  print (map name [def, 3 :: Int], name (fst (pair :: (Bool, Int))))
"""


def test_two_type_variables_each_take_their_own_tag():
    r = run_haskell(TAGGED)
    assert r.error is None
    assert r.stdout == "(7,True)\n[(True,7),(True,7)]\n([\"int\",\"int\"],\"bool\")\n"


def test_an_instance_method_at_its_own_open_type_is_still_refused():
    """The rewrite gives tags to functions with signatures; an instance's method at the
    instance's own variable (`instance Def a => Def [a]` using `def :: a`) keeps the
    subset's one-line refusal, with the position of the use."""
    src = TAGGED.replace("pair :: (Def a", "instance Def a => Def [a] where\n"
                         "  def = [def]\n  name _ = \"list\"\npair :: (Def a")
    with pytest.raises(SourceError) as e:
        run_haskell(src)
    assert "leaves open" in str(e.value) and ":11:10:" in str(e.value)
