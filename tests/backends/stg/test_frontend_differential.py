"""Differential test: random integer expressions (operators with Haskell's fixities,
negation, `div`/`mod`, let, if, local functions) compiled, run on the STG machine and
compared with Python evaluating the same expression tree with Haskell's semantics."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from .hsrun import run_haskell


def hs_div(a: int, b: int) -> int:
    return a // b  # Haskell's div rounds toward negative infinity, as Python's //


def hs_mod(a: int, b: int) -> int:
    return a % b


@st.composite
def expr(draw, depth: int = 0):
    """(haskell_source, value) pairs; divisors are made non-zero."""
    if depth > 3 or draw(st.booleans()) and depth > 0:
        n = draw(st.integers(-20, 300))
        return (f"({n})" if n < 0 else str(n)), n
    kind = draw(st.sampled_from(["+", "-", "*", "div", "mod", "neg", "let", "if", "app"]))
    a_src, a = draw(expr(depth + 1))
    b_src, b = draw(expr(depth + 1))
    if kind in ("+", "-", "*"):
        v = {"+": a + b, "-": a - b, "*": a * b}[kind]
        return f"({a_src} {kind} {b_src})", v
    if kind in ("div", "mod"):
        if b == 0:
            b_src, b = f"({b_src} + 1)", 1
        v = hs_div(a, b) if kind == "div" else hs_mod(a, b)
        return f"({a_src} `{kind}` {b_src})", v
    if kind == "neg":
        return f"(- {a_src})", -a
    if kind == "let":
        return f"(let x = {a_src}; y = {b_src} in x * 2 + y)", a * 2 + b
    if kind == "if":
        return f"(if {a_src} < {b_src} then {a_src} else {b_src} - 1)", a if a < b else b - 1
    return f"(twice (subtract {b_src}) {a_src})", a - 2 * b


@settings(max_examples=10, deadline=None)
@given(st.lists(expr(), min_size=1, max_size=3))
def test_random_expressions_evaluate_like_haskell(exprs):
    body = "\n".join(f"  print {src}" for src, _ in exprs)
    src = f"twice :: (Int -> Int) -> Int -> Int\ntwice f = f . f\n\nmain :: IO ()\nmain = do\n{body}\n"
    r = run_haskell(src, "d.hs")
    assert r.error is None
    assert r.stdout == "".join(f"{v}\n" for _, v in exprs)
