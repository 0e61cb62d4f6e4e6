"""GHC -O0's inlining of bindings used once (frontend/inline_once.py), seen in the STG the
front end makes and in what the programs print. The allocation figures against GHC 9.0.2 are
in test_ghc_held_out's probes (onceused, onceinline, conwhere, rpn)."""

from __future__ import annotations

import re

import pytest

from profkit.backends.stg import ir, irprint
from profkit.backends.stg.frontend.pipeline import compile_program
from tests.backends.stg.test_ghc_fidelity import _run


def _body(src: str, name: str, auto: str | None = "all") -> str:
    prog = compile_program(src, "t.hs", prof_auto=auto)
    top = next(b for b in prog.binds if b.name == name)
    assert isinstance(top.rhs, ir.Closure)
    return irprint.expr(top.rhs.body)


def _lets(text: str) -> list[str]:
    """The source names of the bindings allocated in a printed body (`n_12 = ...`)."""
    return re.findall(r"\b([a-z][A-Za-z0-9]*)_\d+ = \\", text)


F3 = """f :: Int -> [Int] -> Int
f k xs = n
  where
    n = length (go xs)
    go ys = filter (< k) ys
main = print (f 3 [1 .. 10])
"""


def test_a_thunk_entered_once_runs_in_place_and_a_function_called_once_is_beta_reduced():
    body = _body(F3, "f")
    assert "n" not in _lets(body) and "go" not in _lets(body)
    assert "scc<f.n" in body and "scc<f.go" in body  # the notes stay, inside one another
    assert body.index("scc<f.n") < body.index("scc<f.go")


def test_a_value_used_inside_another_bindings_cost_centre_stays_a_thunk():
    src = "g :: Int -> Int\ng x = a\n  where\n    a = b + 1\n    b = x * 2\nmain = print (g 4)\n"
    assert _lets(_body(src, "g")) == ["b"]
    # without cost centres nothing stands between b and its use: b moves to its use, the
    # argument of `+` (a thunk, as CorePrep makes it), inside a's inlined body
    assert _body(src, "g", auto=None).startswith("case let b_")


def test_an_argument_used_on_one_branch_is_allocated_on_that_branch():
    src = ("g :: Int -> Int\ng x = if x > 3 then length ys else 0\n"
           "  where\n    ys = replicate x 'c'\nmain = print (g 5)\n")
    body = _body(src, "g")
    assert body.index("True ->") < body.index("ys_")


def test_what_is_not_inlined_stays_where_it_was():
    src = """h :: Int -> (Int, [Int])
h x = (a, map (\\y -> y + t) [1 .. x])
  where
    a = go 0 x
    go acc 0 = acc
    go acc n = go (acc + n) (n - 1)
    t = x * x
main = print (h 4)
"""
    # go is recursive, t is used under a lambda, a is stored in the pair where it is bound
    assert sorted(n for n in _lets(_body(src, "h")) if n != "lam") == ["a", "go", "t"]


@pytest.mark.parametrize("auto", ["-fprof-auto", "-fprof-auto-top"])
def test_inlined_programs_print_what_they_printed(tmp_path, auto):
    src = """import Data.List (sortBy)
data Shape = Sq Int | Rect Int Int deriving Show

area :: Shape -> Int
area s = case s of
  Sq a -> sq a
  Rect w h -> w * h
  where
    sq v = v * v

pick :: Int -> Maybe Int
pick x = Just w
  where
    w = x + 7

twice :: Int -> (Int, Int)
twice x = (w, w)
  where
    w = x * 3

lit :: Int -> Int
lit x = h 3 + h x
  where
    h y = y * 10 + x

firstBig :: [Int] -> Int
firstBig xs = if null big then 0 else head big
  where
    big = filter (> 5) ys
    ys = map (* 2) xs

main :: IO ()
main = do
  print (map area [Sq 3, Rect 2 5])
  print (pick 1, twice 2, lit 4)
  print (firstBig [1, 2, 3, 4], firstBig [1, 0])
  print (sortBy (\\a b -> compare b a) [3, 1, 2])
"""
    out = _run(tmp_path, src, "-P", flags=(auto,))
    assert out == ("[9,10]\n(Just 8,(6,6),78)\n(6,0)\n[3,2,1]\n")
