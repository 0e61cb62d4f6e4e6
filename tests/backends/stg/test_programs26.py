"""Shapes of ordinary programs measured against GHC 9.0.2 (session 26): a program's class
with a method chosen by its result type (`empty :: f a`, `zero :: a`) used where a
signature leaves the type open, and methods called in generic code.

The subset picks an instance of a program's class by the constructor of the method's
argument; `zero` has no argument, so `msum' :: Semi a => [a] -> a; msum' = foldr plus zero`
was refused ("used at a type the program leaves open"). Such functions now take the type's
tag, as GHC's take a dictionary (frontend/open_methods.py), passed on through generic callers
and picked by superclass defaults.

Existential constructors (`data AnyShape = forall s. Shape s => AnyShape s`) were refused
at their LANGUAGE pragma; the checker now reads them (rigid variables in each pattern,
the context given) and the value's own constructor picks the instance.

base's Semigroup/Monoid operations in a function generic in its monoid took the list's
(`++`, `[]`): wrong values, or a crash, at any other monoid; `fmap` in a function generic
in its functor was refused, and one generic in its monad was refused at any monad but IO.
They now take the tag too (open_monads.py: a do block at the tag's monad is its binds).

References (tests/reference/ghc-9.0.2/shapes, README.md): openmd26, typeclsd26, genericd26,
existd26, mixd26, monoidd26, functord26, monadd26, foldabled26, loggerd26.
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


def test_existential_constructors_print_and_allocate_as_ghc(tmp_path):
    """existd26: a list of shapes of three types behind `AnyShape`, contexts of two
    classes, two existential variables, an instance for the existential type. Known:
    GHC's constructor also holds the dictionary, 8 bytes a constraint (not modelled):
    `main.shapes` 0.968, `describe` 0.957, `showPair` 0.951 (its pairs' two)."""
    assert_as_ghc(tmp_path, "existd26", known_total=None, known_cc={
        "main.shapes": 0.968, "describe": 0.957, "showPair": 0.951})


def test_ordinary_mix_prints_and_allocates_as_ghc(tmp_path):
    """mixd26: class defaults, an existential list, IORef, LambdaCase, foldM/forM, Map,
    read, Double enumerations (total 1.0000 of GHC's 310 MB)."""
    assert_as_ghc(tmp_path, "mixd26", known_total=None, known_cc={"describe": 0.940})


EXIST = """{-# LANGUAGE ExistentialQuantification #-}
class Shape a where
  area :: a -> Double
data Sq = Sq Double
instance Shape Sq where
  area (Sq s) = s * s
data AnyShape = forall s. Shape s => AnyShape s
"""


@pytest.mark.parametrize("tail_, pos, message", [
    ("main :: IO ()\nmain = print (length [AnyShape (3 :: Int)])\n", "9:23",
     "No instance for (Shape Int) arising from a use of `AnyShape'"),
    ("f :: AnyShape -> String\nf (AnyShape s) = show s\nmain :: IO ()\n"
     "main = putStrLn (f (AnyShape (Sq 2)))\n", "9:18", "No instance for (Show"),
    ("g (AnyShape s) = s\nmain :: IO ()\nmain = print 1\n", "8:1",
     "The type variable `x0' bound by a pattern of `AnyShape' would escape its scope"),
    ("data B = forall b. (Show b, Foo b) => B b\nmain :: IO ()\nmain = print 1\n", "8:1",
     "Not in scope: type class `Foo'"),
])
def test_existential_misuse_is_one_line(tail_, pos, message):
    """GHC refuses these: a construction without the instance, a method the context does
    not give, the existential's type escaping its pattern, a context's unknown class."""
    with pytest.raises(SourceError) as e:
        run_haskell(EXIST + tail_)
    text = str(e.value)
    assert f"t.hs:{pos}:" in text and message in text and "\n" not in text, text


def test_existential_variables_are_rigid_in_local_bindings():
    """A local binding of the existential's value keeps its type inside the pattern's
    scope (not an escape); each pattern has its own rigid variable."""
    src = EXIST.replace("data AnyShape", "data Sh = forall a. Show a => Sh a\ndata AnyShape") + (
        "desc :: Sh -> String\ndesc (Sh v) = let t = v in show t ++ \"!\"\n"
        "main :: IO ()\nmain = do\n  mapM_ (putStrLn . desc) [Sh (1 :: Int), Sh \"x\"]\n"
        "  print (sum (map (\\(AnyShape s) -> area s) [AnyShape (Sq 2), AnyShape (Sq 3)]))\n")
    r = run_haskell(src)
    assert r.error is None and r.stdout == '1!\n"x"!\n13.0\n'


def test_monoid_operations_in_generic_functions_print_as_ghc(tmp_path):
    """monoidd26: `foldr (<>) mempty` and friends at eleven monoids through generic
    functions (the list's `++` crashed at Sum before). Known, not traced: total 1.039;
    `combineAll` 1.19 and `foldMapish.go` 1.23 (a tag's dispatch against GHC's dictionary
    selection), base's Sum CAF (896 bytes GHC does not have)."""
    assert_as_ghc(tmp_path, "monoidd26", known_total=1.039, known_cc={
        "combineAll": 1.194, "foldMapish.go": 1.231, "CAF": 0.738, "twiceAll": 0.829,
        "foldMapish": 1.500})


def test_functor_generic_functions_print_and_allocate_as_ghc(tmp_path):
    """functord26: `fmap`, `<$>`, `<$` in `Functor f =>` functions at seven functors (IO
    among them); refused before. Known, not traced: `blank` 0.77 and `quadruple` 1.31
    (under 100 bytes each)."""
    assert_as_ghc(tmp_path, "functord26", known_total=None, known_cc={
        "blank": 0.765, "quadruple": 1.308})


def test_monad_generic_functions_print_and_allocate_as_ghc(tmp_path):
    """monadd26: do blocks, replicateM, when, foldM, >>= and return in `Monad m =>`
    functions at six monads (refused before at all but IO): GHC's stdout, total within
    1%, every cost centre GHC enters entered as often. Known: the tree under a program's
    own monad's `>>=` called from foldM's lambda in `sumM` (the continuation's cost centre
    below `sumM.\\` here, below `>>=.\\` in GHC: 5 entries), and `>>=.\\` 1.28x."""
    from tests.backends.stg.test_ghc_fidelity import SHAPES, _per_cc, _run, _tree

    src = (SHAPES / "programs" / "monadd26.hs").read_text()
    assert _run(tmp_path, src, "-P", name="monadd26.hs") == \
        (SHAPES / "out" / "monadd26.stdout").read_text()
    ours, ghc = (_tree(p) for p in (tmp_path / "monadd26.prof",
                                     SHAPES / "out" / "monadd26.prof"))
    differ = {k[0][-1] for k in (ours - ghc) + (ghc - ours) if k[1]}
    assert differ <= {"sumM.\\.\\", "pure", "pure.\\"}, differ
    g_total, g = _per_cc(SHAPES / "out" / "monadd26.prof")
    p_total, p = _per_cc(tmp_path / "monadd26.prof")
    assert abs(p_total / g_total - 1) < 0.01
    for key in ("pairUp", "triple", "sumM", "chain", "chain.\\"):
        assert p[key, "Main"][1] == g[key, "Main"][1], key


def test_foldable_generic_functions_print_as_ghc(tmp_path):
    """foldabled26: Foldable's functions in `Foldable t =>` functions at six containers
    (the list's were used at every one before: a crash at a program's tree). Known, not
    traced: `stats` 1.70 and `has` 1.55 (the model's folds over a program's instance
    through its list of elements), `foldr` 0.92."""
    assert_as_ghc(tmp_path, "foldabled26", known_total=None, known_cc={
        "stats": 1.702, "has": 1.550, "foldr": 0.916, "summary": 1.050})


def test_a_class_of_monads_with_an_io_instance_prints_as_ghc(tmp_path):
    """loggerd26: `class Monad m => MonadLogger m` with instances at IO and at the program's
    monad; a function in the class runs at both (its monad's tag chosen through the
    subclass). Known, not traced: the program's monad's `>>=` (120 bytes) and `>>=.\\`
    1.40, `pure` 1.67."""
    assert_as_ghc(tmp_path, "loggerd26", known_total=None, known_cc={
        ">>=.\\": 1.400, ">>=": 120, "pure": 1.667})


def test_a_generalised_local_function_passes_its_callers_tags():
    """`avg` (no signature, generalised over its container) calls a `Foldable t =>`
    function: it takes the tag too, from each of its own uses (a list, a Maybe, a Map)."""
    src = ("import qualified Data.Map as M\n"
           "total :: (Foldable t, Num a) => t a -> a\ntotal = foldr (+) 0\n"
           "main :: IO ()\nmain = do\n"
           "  let avg xs = total xs / fromIntegral (length xs)\n"
           "  print (avg [1, 2, 3 :: Double], avg (Just 4.0), avg (M.fromList [(1, 2.0), "
           "(2, 5.0 :: Double)]))\n")
    r = run_haskell(src)
    assert r.error is None and r.stdout == "(2.0,4.0,3.5)\n"


SECTIONS = """import Data.Monoid
isEven, isOdd :: Monoid m => m -> Int -> m
isEven m 0 = mempty
isEven m k = m <> isOdd m (k - 1)
isOdd m 0 = m
isOdd m k = isEven m (k - 1)
suffixAll :: Monoid m => m -> [m] -> [m]
suffixAll sep = map (<> sep)
prefixAll :: Monoid m => m -> [m] -> [m]
prefixAll sep = map (sep <>)
main :: IO ()
main = do
  print (map (`isEven` 3) ["ab", "c"], (`isEven` 2) (Sum (4 :: Int)), (Product 2 `isOdd`) 5)
  print (suffixAll "!" ["a", "b"], map getSum (suffixAll (Sum 1) [Sum 2, Sum (3 :: Int)]))
  print (map getProduct (prefixAll (Product 2) [Product 5 :: Product Int]))
"""


def test_sections_of_tagged_functions_and_of_monoid_operations():
    """A function taking tags, or `<>` at an open monoid, as a section's operator (the
    checker's _op_type records its context's types as use_var does): the section passes
    the tag. Before, `(`isEven` 3)` called isEven without its tag (a run-time type error)
    and `(<> sep)` was the list's ++ at every monoid. Expected: GHC 9.0.2's stdout."""
    r = run_haskell(SECTIONS)
    assert r.error is None, r.error
    assert r.stdout == ('(["ababab","ccc"],Sum {getSum = 4},Product {getProduct = 4})\n'
                        '(["a!","b!"],[3,4])\n[10]\n')
