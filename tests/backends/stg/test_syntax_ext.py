"""GHC extensions' syntax (TupleSections, LambdaCase, MultiWayIf, NumericUnderscores,
BinaryLiterals, INLINE pragmas) and the Traversable/Foldable, Data.List, Data.Either,
Data.Function and Data.Functor functions ordinary programs reach for (issue 18, "GHC
fidelity on programs never seen"): the programs run unmodified with GHC 9.0.2's output, its
cost-centre trees and entries, and its bytes within the tolerances measured; extensions the
subset cannot run are refused in one line at their pragma. Compared with GHC 9.0.2 -O0 -prof
-fprof-auto output in tests/reference/ghc-9.0.2/shapes (README.md)."""

from __future__ import annotations

import contextlib
import io

import pytest

from profkit.backends.stg.frontend.pipeline import compile_program
from profkit.errors import SourceError
from tests.backends.stg.test_ghc_fidelity import _run, check_reference

#: per program: (the total's tolerance, each Main cost centre's), as measured against GHC
TOLERANCE = {
    "syntaxext": (0.005, 0.025),
    "traversals": (0.01, 0.02),
    "baselib": (0.01, 0.02),
    "orders": (0.01, 0.04),
}
#: bytes a cost centre may differ by whatever its size (a CAF's composition, a lambda's
#: 16-byte box: syntaxext's area.\\ and main.lens.\\, orders' total)
SMALL = 128
#: a known gap past SMALL: orders' `apply m = \case ..  where merge ..': since session 25
#: (unseen25's closed local functions moved into the lambda that passes them) merge's
#: closure is allocated in the \case lambda, 24 bytes a call of apply under GHC's (apply
#: 112 bytes against 280); GHC keeps it in apply here (not traced: the lambda is apply's
#: own body, which GHC's arity makes part of the function)
SLACK = {"orders": 168}


@pytest.mark.parametrize("name", sorted(TOLERANCE))
def test_programs_print_enter_and_allocate_as_ghc(tmp_path, name):
    check_reference(tmp_path, name, *TOLERANCE[name], slack=SLACK.get(name, SMALL))


def test_tuple_sections_are_lambdas_and_applied_ones_tuples(tmp_path):
    src = ("{-# LANGUAGE TupleSections #-}\nmain :: IO ()\nmain = do\n"
           "  print (map (,True) \"ab\", map (1 :: Int,) \"c\", map (,,'z') [False] <*> [()])\n"
           "  print ((, 'q') 'p', (,, 3 :: Int) 'a' 'b', (,) 1 2 :: (Int, Int))\n")
    assert _run(tmp_path, src) == ("([('a',True),('b',True)],[(1,'c')],[(False,(),'z')])\n"
                                   "(('p','q'),('a','b',3),(1,2))\n")


def test_lambda_case_notes_each_alternative_as_ghc(tmp_path):
    """GHC -fprof-auto puts `f.\\' on each alternative's right-hand side (each guard's)."""
    src = ("{-# LANGUAGE LambdaCase #-}\nf :: Int -> String\nf = \\case\n  0 -> \"zero\"\n"
           "  n | n < 0 -> \"neg\"\n    | otherwise -> \"pos\"\nmain :: IO ()\n"
           "main = mapM_ (putStrLn . f) [0, -1, 2]\n")
    assert _run(tmp_path, src) == "zero\nneg\npos\n"
    prog = compile_program(src, "p.hs", prof_auto="all")
    text = repr(prog.binds)
    for span in ("p.hs:4:8-13", "p.hs:5:16-20", "p.hs:6:20-24"):
        assert f"label='f.\\\\', module='Main', src='{span}'" in text


def _fails(tmp_path, src: str) -> tuple[str, str]:
    from profkit.cli import main as cli_main

    prog = tmp_path / "mw.hs"
    prog.write_text(src)
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = cli_main(["run", "--outdir", str(tmp_path), str(prog)])
    assert status == 1
    return out.getvalue(), err.getvalue()


def test_multiway_if_without_a_true_guard_is_ghcs_error(tmp_path):
    src = ("{-# LANGUAGE MultiWayIf #-}\nf :: Int -> String\nf n = if | n > 0 -> \"pos\"\n"
           "         | n < 0 -> \"neg\"\nmain :: IO ()\nmain = do\n  putStrLn (f 1)\n"
           "  putStrLn (f 0)\n")
    out, err = _fails(tmp_path, src)
    assert out == "pos\n"
    assert err.endswith("mw: mw.hs:(3,7)-(4,25): Non-exhaustive guards in multi-way if\n")


def test_numeric_underscores_and_binary_literals_with_their_pragmas(tmp_path):
    src = ("{-# LANGUAGE NumericUnderscores, BinaryLiterals #-}\nmain :: IO ()\nmain = do\n"
           "  print (1_000_000 :: Int, 0x_ff_ff :: Int, 0b1010_1010 :: Int, 1_0.5e1_0)\n")
    assert _run(tmp_path, src) == "(1000000,65535,170,1.05e11)\n"


def test_inline_pragmas_take_the_bindings_cost_centre_away_as_ghc(tmp_path):
    src = ("{-# INLINE sq #-}\nsq :: Int -> Int\nsq x = x * x\n{-# NOINLINE cube #-}\n"
           "cube :: Int -> Int\ncube x = x * sq x\nmain :: IO ()\nmain = print (cube 3)\n")
    prog = compile_program(src, "p.hs", prof_auto="all")
    text = repr(prog.binds)
    assert "label='cube'" in text and "label='sq'" not in text


def test_foldable_at_maybe_and_functor_operators_at_any_functor(tmp_path):
    src = ("import Data.Foldable\nimport Data.Functor\nmain :: IO ()\nmain = do\n"
           "  print (toList (Just 'x'), sum (Just (3 :: Int)), length Nothing, null (Just ()))\n"
           "  print (Just 2 <&> (+ (1 :: Int)), Right 'a' $> True :: Either () Bool)\n"
           "  print (void [1, 2 :: Int], asum [Nothing, Just 'k'], sequenceA [Just 1, "
           "Nothing :: Maybe Int])\n")
    assert _run(tmp_path, src) == ("(\"x\",3,0,False)\n(Just 3,Right True)\n"
                                   "([(),()],Just 'k',Nothing)\n")


def test_foldmap_at_the_checked_monoid(tmp_path):
    src = ("import Data.Ord (comparing)\nmain :: IO ()\nmain = do\n"
           "  print (foldMap show [1, 2, 3 :: Int], foldMap (\\c -> [c, c]) (Just 'a'))\n"
           "  print (foldMap (\\f -> f (1 :: Int, 'b') (1, 'a')) [comparing fst, "
           "comparing snd])\n")
    assert _run(tmp_path, src) == "(\"123\",\"aa\")\nGT\n"


def test_control_applicative_at_maybe_lists_either_and_io(tmp_path):
    src = ("import Control.Applicative\nmain :: IO ()\nmain = do\n"
           "  print (Nothing <|> Just 'a' <|> Just 'b', [1, 2] <|> [3 :: Int], "
           "optional (Just 'x'))\n"
           "  print (liftA2 (+) (Just 1) (Just (2 :: Int)), liftA2 (,) \"ab\" [True], "
           "liftA2 max (Right 3) (Left 'e' :: Either Char Int))\n"
           "  r <- liftA2 (++) (return \"io\") (return \"!\")\n  putStrLn r\n"
           "  print (empty :: Maybe Int, empty :: String)\n")
    assert _run(tmp_path, src) == ("(Just 'a',[1,2,3],Just (Just 'x'))\n"
                                   "(Just 3,[('a',True),('b',True)],Left 'e')\nio!\n"
                                   "(Nothing,\"\")\n")


def test_a_container_module_imported_whole_keeps_its_names(tmp_path):
    """toList, singleton, empty, insert are Data.Map's when it is imported whole and
    Data.Foldable, Data.List, Control.Applicative are not (GHC: no ambiguity)."""
    src = ("import Data.Map\nmain :: IO ()\nmain = do\n"
           "  let m = insert 1 \"a\" (singleton (2 :: Int) \"b\")\n"
           "  print (toList m, toList (empty :: Map Int Int))\n")
    assert _run(tmp_path, src) == "([(1,\"a\"),(2,\"b\")],[])\n"


@pytest.mark.parametrize("src, message", [
    ("{-# LANGUAGE GADTs #-}\nmain = print 1\n",
     "p.hs:1:1: error: the extension GADTs is not supported"),
    ("{-# LANGUAGE ScopedTypeVariables, TypeFamilies #-}\nmain = print 1\n",
     "p.hs:1:1: error: the extension TypeFamilies is not supported"),
    ("module Main where\n{-# LANGUAGE TemplateHaskell #-}\nmain = print 1\n",
     "p.hs:2:1: error: the extension TemplateHaskell is not supported"),
])
def test_extensions_the_subset_cannot_run_are_refused_at_their_pragma(src, message):
    with pytest.raises(SourceError) as e:
        compile_program(src, "p.hs")
    assert str(e.value).startswith(message)
    assert "\n" not in str(e.value)


def test_a_programs_operator_named_like_the_preludes_has_the_default_fixity(tmp_path):
    # GHC 9.0.2 (runghc): 7, (5,4), [1,2,3]: the program's (<|>) and (<>) are infixl 9
    # unless it declares otherwise, whatever the Prelude's (they took its infixl 3 and
    # infixr 6: 9 and (9,4) before); its own infixr 5 holds
    src = ("import Prelude hiding ((<>))\n(<|>) :: Int -> Int -> Int\na <|> b = a * b\n"
           "(<>) :: Int -> Int -> Int\na <> b = a - b\ninfixr 5 +++\n"
           "(+++) :: [Int] -> [Int] -> [Int]\nxs +++ ys = xs ++ ys\nmain :: IO ()\n"
           "main = do\n  print (1 + 2 <|> 3)\n  print (10 <> 3 <> 2, 2 * 3 <> 1)\n"
           "  print ([1] +++ [2] +++ [3])\n")
    assert _run(tmp_path, src, flags=()) == "7\n(5,4)\n[1,2,3]\n"
