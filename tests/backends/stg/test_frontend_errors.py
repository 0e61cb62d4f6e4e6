"""Broken programs give one-line ``SourceError``s with file:line:col, never a traceback."""

from __future__ import annotations

import glob

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from profkit.backends.stg.frontend.pipeline import compile_program
from profkit.errors import SourceError, UsageError
from tests.conftest import REFERENCE as REFDATA

CASES = [
    ("main = print 1 )", 1, 16, "parse error on input `)'"),
    # GHC 9.0.2's words and positions (its text reports are read as words)
    ('main = print ({-# SCC "a b" #-} (1 :: Int))', 1, 23, "Spaces are not allowed in SCCs"),
    ('main = print ({-#\n  SCC "a b" #-} (1 :: Int))', 2, 7, "Spaces are not allowed in SCCs"),
    ("main = (1 + 2", 1, 14, "expected `)'"),
    ("main = [1, 2", 1, 13, "expected `]' or `,'"),
    ("main = if True then 1", 1, 22, "expected `else'"),
    ("main = \\ -> 1", 1, 10, "parse error on input `->': expected a pattern"),
    # a type synonym's name (read since derived Show follows `type Name = String')
    ("type = String\nmain = print 1", 1, 6, "parse error on input `=': expected a type name"),
    ("main = print (let x = 1 in)", 1, 27, "parse error on input `)'"),
    ("main = do\n    print 1\n  print 2\n", 3, 3, "parse error on input `print'"),
    ("main = print foo", 1, 14, "Variable not in scope: foo"),
    ("main = print (Foo 1)", 1, 15, "Data constructor not in scope: Foo"),
    # held-out check of issue 17: both ran (GHC refuses them)
    ("f :: Int\nmain = print 1", 1, 1, "The type signature for `f' lacks an accompanying binding"),
    ("main = print (g 2)\n  where\n    g :: Int -> Int\n    h x = x", 3, 5,
     "The type signature for `g' lacks an accompanying binding"),
    ("infixl 10 +++\na +++ b = a\nmain = print (1 +++ 2)", 1, 1, "Precedence out of range: 10"),
    ("main = print (case 1 of)", 1, 15, "Empty list of alternatives in case expression"),
    ("f x = y\nmain = print (f 1)", 1, 7, "Variable not in scope: y"),
    ("main = print [y | x <- [1], y <- [x, z]]", 1, 38, "Variable not in scope: z"),
    ("f x = x\n", 1, 1, "The IO action `main' is not defined in module `Main'"),
    ("class C a b where\n  m :: a\nmain = print 1", 1, 11, "one type parameter"),
    # the program's classes
    # (in a function with a signature it runs since session 26: open_methods.py; in an
    # instance with a context it is still the subset's refusal)
    ("class C a where\n  z :: a\ninstance C Int where\n  z = 0\ninstance C a => C [a] where\n"
     "  z = [z]\nmain = print (length (z :: [Int]))", 6, 8,
     "the method `z' of class `C' is used at a type the program leaves open"),
    ("class C a where\n  f :: a -> Int\nmain = print (f (3 :: Int))", 3, 15,
     "No instance for (C Int) arising from a use of `f'"),
    ("class C a where\n  f :: Int -> Int\nmain = print 1", 2, 3,
     "The class method `f' mentions none of the type variables of the class `C a'"),
    ("class C a where\n  f :: a -> Int\n  h x = 1\nmain = print 1", 3, 3,
     "`h' is not a (visible) method of class `C'"),
    ("class C a where\n  f :: a -> Int\nf x = 2\nmain = print 1", 3, 1,
     "Multiple declarations of `f'"),
    # instances of the Prelude's classes for the program's types only, each method checked
    ("data T a = T a\ninstance Functor T where\n  fmap f (T a) = T (f a)\n"
     "instance Traversable T where\n  traverse f (T a) = T <$> f a\nmain = print 1", 4, 10,
     "No instance for (Foldable T) arising from the superclasses of an instance declaration"),
    ("data T = T\ninstance Traversable T where\n  traverse _ x = x\nmain = print 1", 2, 22,
     "Expected kind `* -> *', but `T' has kind `*'"),
    ("data T = T\ninstance Foldable T where\n  foldr _ z _ = z\nmain = print 1", 2, 19,
     "Expected kind `* -> *', but `T' has kind `*'"),
    # Num instances (issue 18), GHC 9.0.2's wording
    ("data V a = V a\ninstance Num (V a) where\n  V a + V b = V (a + b)\n"
     "  fromInteger n = V (fromInteger n)\nmain = print 1", 3, 20,
     "No instance for (Num a) arising from a use of `+'"),
    ("data T = T\ninstance Num T where\n  T + T = True\nmain = print 1", 3, 11,
     "Couldn't match expected type `T' with actual type `Bool'"),
    ("data T = T\ninstance Num T where\n  T `plus` T = T\nmain = print 1", 3, 5,
     "`plus' is not a (visible) method of class `Num'"),
    ("data T = T\ninstance Num T where\n  fromInteger _ = T\nmain = print (T + True)", 4, 19,
     "Couldn't match expected type `T' with actual type `Bool'"),
    ("instance Show Int where\n  show _ = \"i\"\nmain = print 1", 1, 15,
     "`Int' is not a data type of this program"),
    ("data T = T deriving Show\ninstance Show T where\n  show _ = \"t\"\nmain = print T", 2, 1,
     "Duplicate instance declarations: instance Show T"),
    ("data T = T\ninstance Eq T where\n  T <> T = True\nmain = print 1", 3, 5,
     "`<>' is not a (visible) method of class `Eq'"),
    ("data T a = T a\ninstance Show T where\n  show _ = \"t\"\nmain = print 1", 2, 15,
     "Expecting 1 argument to `T' in the instance head, not 0"),
    ("data T = T\ninstance Show T where\n  show T = 3\nmain = print T", 3, 12,
     "No instance for (Num "),
    ("data T = T Int\ninstance Eq T where\n  T a == T b = a\nmain = print (T 1 == T 1)", 3, 16,
     "Couldn't match expected type `Bool' with actual type `Int'"),
    ("data P a = P a\ninstance Show (P a) where\n  show (P x) = show x\nmain = print (P 1)", 3,
     16, "No instance for (Show a)"),
    ("data T = T\ninstance Show T where\n  show :: T -> String\n  show _ = \"\"\nmain = print T",
     3, 3, "type signatures in instance declarations (InstanceSigs) are not supported"),
    ("data T = T\ninstance Functor T where\n  fmap f T = T\nmain = print 1", 2, 18,
     "Expected kind `* -> *', but `T' has kind `*'"),
    # (`f :: Functor g => g Int -> g Int; f = fmap (+ 1)' runs since session 26: the
    # function takes its functor's tag, test_programs26; an instance with a functor
    # context cannot)
    ("newtype W f a = W (f a)\ninstance Functor f => Functor (W f) where\n"
     "  fmap g (W x) = W (fmap g x)\nmain = print 1", 2, 1,
     "an instance with a `Functor f' context"),
    ("data T a = T a deriving (Show, Read)\nmain = print (read \"T id\" :: T (Int -> Int))",
     2, 15, "`read' at the type `T (Int -> Int)' is not supported"),
    ("data R = R { x :: Int, x :: Int }\nmain = print 1", 1, 24, "Multiple declarations of `x'"),
    ("data R = R { x :: Int }\ndata S = S { x :: Int }\nmain = print 1", 2, 14,
     "Multiple declarations of `x'"),
    ("data R = R { x :: Int }\nmain = print (R { y = 1 })", 2, 19,
     "`y' is not a (visible) field of any constructor"),
    ("data R = R { x :: Int }\nmain = print (R { x = 1, x = 2 })", 2, 26,
     "duplicate field name `x' in record"),
    ("data R = R { x :: Int } | S Int\nmain = print (S { x = 1 })", 2, 19,
     "Constructor `S' does not have field `x'"),
    ("data R = R { x :: Int }\nf R { x 1 } = x\nmain = print 1", 2, 9,
     "expected `=' after the field name"),
    ("data T a = L | N a deriving (Show, Enum)\nmain = print 1", 1, 36,
     "Can't make a derived instance of `Enum T'"),
    # a program's type has the classes it derives or declares instances of, as in GHC
    ("data C = R | G\nmain :: IO ()\nmain = print R", 3, 8,
     "No instance for (Show C) arising from a use of `print'"),
    ("data C = R | G deriving Show\nmain :: IO ()\nmain = print (R == G)", 3, 17,
     "No instance for (Eq C) arising from a use of `=='"),
    # the monads are IO, Maybe, lists and Either; Semigroup at those types
    ("f :: (Int -> Int) -> Int\nf g = g 1\nmain = print (f (do { x <- id; return x }))", 3, 18,
     "the -> monad is not supported by the Haskell subset"),
    ("main = print 1 <> print 2", 1, 16, "`<>' at the type `IO ()' is not supported"),
    ("import Data.Graph\nmain = print 1", 1, 8, "Could not find module `Data.Graph'"),
    ("import qualified Data.Map as M\nmain = print (M.sizes M.empty)", 2, 15,
     "Not in scope: `M.sizes'"),
    ("main = case 1 of Just -> 1", 1, 18,
     "The constructor `Just' should have 1 argument, but has been given none"),
    ("f x x = 1\nmain = print 1", 1, 5, "Conflicting definitions for `x'"),
    ("f = 1\nf = 2\nmain = print f", 2, 1, "Multiple declarations of `f'"),
    ("f 1 = 1\nf = 2\nmain = print 1", 2, 1, "Equations for `f' have different numbers"),
    ("main = print \"abc", 1, 14, "unterminated string"),
    ("main = print (1 == 2 == 3)", 1, 22, "Precedence parsing error: cannot mix `==' "
                                          "[infix 4] and `==' [infix 4]"),
    ("main = do", 1, 8, "empty 'do' block"),
    ("main = do\n  x <- return 1", 2, 3, "The last statement in a 'do' block must be an "
                                        "expression"),
    ("data T = A | A\nmain = print 1", 1, 1, "Multiple declarations of `A'"),
    ("main = print {- unterminated", 1, 14, "unterminated `{-'"),
]


@pytest.mark.parametrize("src, line, col, msg", CASES)
def test_broken_program_reports_position_and_reason(src, line, col, msg):
    with pytest.raises(SourceError) as e:
        compile_program(src, "bad.hs")
    err = e.value
    assert (err.file, err.line, err.col) == ("bad.hs", line, col)
    assert msg in err.message
    text = err.one_line()
    assert text.startswith(f"bad.hs:{line}:{col}: error: ") and "\n" not in text


def test_bad_prof_auto_is_a_usage_error():
    with pytest.raises(UsageError):
        compile_program("main = print 1", "t.hs", prof_auto="everything")


REF_SOURCES = [open(p, encoding="utf-8").read()
               for p in sorted(glob.glob(str(REFDATA / "ghc-9.0.2/programs") + "/*.hs"))]


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(REF_SOURCES), st.integers(0, 10_000), st.integers(1, 12),
       st.sampled_from(["", ")", "(", "=", " where ", "\n  ", "let", "->", "|", "[", "'",
                        '"', "{-", "`", "do", "case x of", "::", "\\", "-", "!", "@", "\t"]))
def test_mutated_programs_never_raise_anything_but_source_error(src, pos, length, insert):
    # GIVEN a real program with a slice replaced by junk
    pos %= len(src)
    mutated = src[:pos] + insert + src[pos + length:]
    # WHEN it is compiled THEN it either compiles or fails with a SourceError
    try:
        compile_program(mutated, "m.hs", prof_auto="all")
    except SourceError as e:
        assert e.line >= 1 and e.col >= 0 and "\n" not in e.one_line()
