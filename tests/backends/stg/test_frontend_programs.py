"""End to end: Haskell programs compiled by the front end and run on the STG machine,
stdout compared with what GHC 9.0.2 prints (the reference runs, and the programs under
programs/ whose .stdout files give GHC's output)."""

from __future__ import annotations

import glob
import os

import pytest

from profkit.errors import GuestRuntimeError

from .hsrun import run_haskell
from tests.conftest import REFERENCE as REFDATA

REF = str(REFDATA / "ghc-9.0.2")
HERE = os.path.dirname(__file__)


def read(path: str) -> str:
    with open(path, "rb") as f:
        return f.read().decode("utf-8")


@pytest.mark.parametrize("path", sorted(glob.glob(f"{HERE}/programs/*.hs")),
                         ids=os.path.basename)
def test_program_prints_what_ghc_prints(path):
    r = run_haskell(read(path), os.path.basename(path))
    assert r.error is None
    assert r.stdout == read(path[:-3] + ".stdout")


def test_every_program_has_its_expected_output():
    progs = glob.glob(f"{HERE}/programs/*.hs")
    assert len(progs) >= 6
    assert all(os.path.exists(p[:-3] + ".stdout") for p in progs)


@pytest.mark.parametrize("name", ["nfib", "fg"])
def test_reference_program_unmodified(name):
    # the small reference programs run as they are (exact bytes), in about a second each
    r = run_haskell(read(f"{REF}/programs/{name}.hs"), f"{name}.hs", prof_auto="all")
    assert r.error is None
    assert r.stdout == read(f"{REF}/out/{name}/plain/s/stdout.txt")


def nfib(n: int) -> int:
    a, b = 1, 1
    for _ in range(n - 1):
        a, b = b, a + b
    return b if n > 0 else 1


@pytest.mark.parametrize("name, edits, expected", [
    # the big reference programs, with their sizes scaled down (the full runs take a minute
    # each and are checked outside the test suite)
    ("mean_leak", [("1e6", "1e3")], "500.5\n"),
    ("scc", [("f 27", "f 12"), ("g 27", "g 14"), ("1000000", "1000")],
     f"{nfib(12) + nfib(7)}\n500500\n1000\n"),
    ("sort_order", [("3000000", "3000"), ("[1000, 2000, 3000]", "[10, 20, 30]")],
     f"{3000 * 3001 // 2}\n{55 + 210 + 465}\n5150\n"),
])
def test_reference_program_scaled_down(name, edits, expected):
    src = read(f"{REF}/programs/{name}.hs")
    for old, new in edits:
        assert old in src
        src = src.replace(old, new)
    r = run_haskell(src, f"{name}.hs", prof_auto="all")
    assert r.error is None
    assert r.stdout == expected


@pytest.mark.parametrize("src, message", [
    ("main = print (head ([] :: [Int]))", "t: Prelude.head: empty list"),
    # (GHC 9.0.2's -prof binary adds the cost-centre stack: CAF Main without -fprof-auto)
    ("main = putStrLn (error \"boom\")",
     "t: boom\nCallStack (from HasCallStack):\n  error, called at t.hs:1:18 in main:Main"
     "\nCallStack (from -prof):\n  Main.CAF (<entire-module>)"),
    ("f :: Int -> Int\nf 1 = 2\nf 2 = 3\nmain = print (f 3)",
     "t: t.hs:(2,1)-(3,7): Non-exhaustive patterns in function f"),
    ("main = print (case Just 3 of Nothing -> 1)",
     "t: t.hs:1:15-41: Non-exhaustive patterns in case"),
    ("main = print (undefined :: Int)",
     "t: Prelude.undefined\nCallStack (from HasCallStack):\n"
     "  error, called at libraries/base/GHC/Err.hs:75:14 in base:GHC.Err\n"
     "  undefined, called at t.hs:1:15 in main:Main\nCallStack (from -prof):\n"
     "  Main.CAF (<entire-module>)"),
    ("main = print ([1, 2, 3] !! 5)", "t: Prelude.!!: index too large"),
    ("main = print (maximum [])", "t: Prelude.maximum: empty list"),
    ("main = print (1 `div` 0)", "t: divide by zero"),
    ("main = do\n  Just x <- return Nothing\n  print x",
     "t: user error (Pattern match failure in do expression at t.hs:2:3-8)"),
    ("f x | x > 0 = 1\nmain = print (f 0)",
     "t: t.hs:1:1-15: Non-exhaustive patterns in function f"),
])
def test_runtime_errors_print_like_ghc(src, message):
    r = run_haskell(src, "t.hs")
    assert isinstance(r.error, GuestRuntimeError)
    assert str(r.error) == message


def test_output_before_an_error_is_kept():
    r = run_haskell('main = do\n  putStrLn "before"\n  print (tail [] :: [Int])', "t.hs")
    assert r.stdout == "before\n"
    assert str(r.error) == "t: Prelude.tail: empty list"


def test_long_list_literals_compile_at_top_level_and_in_expressions():
    """A 20,000-element list literal as a top-level value and a 6,000-element one inside an
    expression compile and run (both were 'nested too deeply': the desugarer nested the
    cells, the free-variable passes and the code generator recursed per let/case link)."""
    def items(n: int) -> str:
        return ", ".join(str(i) for i in range(n))

    for src, total in ((f"xs :: [Int]\nxs = [{items(20000)}]\nmain :: IO ()\n"
                        "main = print (sum xs)\n", 199990000),
                       (f"main :: IO ()\nmain = print (sum [{items(6000)}])\n", 17997000)):
        r = run_haskell(src)
        assert r.error is None and r.stdout == f"{total}\n", r.error
