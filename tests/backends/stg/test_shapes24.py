"""Where GHC 9.0.2 -O0 splits a function's cost centre at its alternatives, and what its
simplifier and CorePrep do with constructors used as functions and cases that rebuild what
they matched (session 24).

A function defined by clauses keeps its note whole around a match decided at run time:
`check True _ = Right ()` allocates its 16-byte cell under `check` at every call, and
`m True x = Just (x + 1)` the cell, the thunk and its value (56 bytes). The note is split
(only the thunks' values under the function, the cells the caller's) where GHC inlines the
function at a call whose argument decides the match (`apply '+' x y`, `map (h True) xs`,
`m7 'a' i`), or where the result of an inlined call is scrutinised (simplTick pushes the
note into the case, and into a nested match in its turn: rpn's `case apply o x y of`, where
case of case then leaves no `Just`). The model split every such function at its
definition: 22 of altsplit24's 26 functions had a quarter of GHC's bytes or none, and
bank23's `check` none of its 2,624. Reference: tests/reference/ghc-9.0.2/shapes/programs/
altsplit24.hs (README.md), GHC's `+RTS -P` output in out/.

conreuse24: a constructor passed as a function (`map Just xs`, `maybe n Right m`) is
CorePrep's `\\eta -> Just eta`, 16 bytes at each call (the model passed the static
wrapper: 11 functions a call short), and a case whose every alternative rebuilds its
pattern is its scrutinee (`f (Just x) = Just x; f Nothing = Nothing` allocates nothing; the
model rebuilt the cell: identity_case.py).

enumrange24: `[minBound .. maxBound]` of a derived enumeration is base's default
`enumFromTo`, 96 bytes an element (the model's was 160: q2/q4/q8 were 1.7x GHC's; the
default `enumFromThenTo`'s u1-u3 1.8x to 2x), and a
derived `fromEnum` boxes its tag beyond 8 constructors (the model boxed beyond 7), and each
enumeration whose `[a .. b]` the program writes has its `enumFromTo` method CAF under CAF
Main (base's default applied to the instance: 32 bytes once).

errcall24, errhead24, errindex24: programs ending in an uncaught error print GHC's stderr,
"CallStack (from -prof):" lines included (the model printed an uncaught `error' as a
program without -prof does), and charge the message to GHC's cost centres (base's
partial functions' messages under CAF GHC.List, not the caller: main was 1.8x GHC's).
"""

from __future__ import annotations

import io

import pytest

from profkit.backends.stg import ir
from profkit.backends.stg.frontend.stgpass import subexprs
from profkit.backends.stg.frontend.pipeline import compile_program
from profkit.backends.stg import plugin as stg_plugin
from profkit.options import parse_run_args
from profkit.runner import run
from profkit.plugins import ccprof, heapprof
from tests.backends.stg.test_ghc_fidelity import (SHAPES, _per_cc, _tree, assert_as_ghc,
                                                  cost_centre_gaps, run_reference)

def test_functions_split_only_where_ghc_decides_the_match(tmp_path):
    # (main 0.960 and the total 0.9686 before session 25: show of the lists of Maybe and
    # Either values printed, base's instance's closures, shapes/showcons25)
    assert_as_ghc(tmp_path, "altsplit24")


def test_constructors_as_functions_and_identity_cases_as_ghc(tmp_path):
    # (main 0.978 and the total 0.986 before session 25: the same show gap)
    assert_as_ghc(tmp_path, "conreuse24")


@pytest.mark.parametrize("name,count", [("altsplit24", 26), ("conreuse24", 24)])
def test_every_function_allocates_ghcs_bytes(tmp_path, name, count):
    g_total, g, p_total, p = run_reference(tmp_path, name)
    funs = [k for k in g if k[1] == "Main" and k[0] not in ("main", "CAF", "main.m")]
    assert len(funs) == count
    assert all(p.get(k, [0])[0] == g[k][0] for k in funs), \
        [(k, g[k][0], p.get(k)) for k in funs if p.get(k, [0])[0] != g[k][0]]


def _scc_wrappers(src: str, name: str) -> list[bool]:
    """For each counting note of ``name``'s cost centre in the compiled main: whether it is a
    split one (a count around ``()``, the code after it under the caller)."""
    prog = compile_program(src, "t.hs", prof_auto="all")
    out = []
    stack = [b.rhs.body for b in prog.binds if b.name == "main"]
    while stack:
        x = stack.pop()
        if isinstance(x, ir.SCC) and x.count and x.cc.label == name:
            out.append(isinstance(x.body, ir.ConApp) and x.body.con == "()")
        stack.extend(subexprs(x))
    return out


SRC = """
m :: Bool -> Int -> Maybe Int
m True x = Just (x + 1)
m False _ = Nothing

main :: IO ()
main = print [CALL | b <- [True, False], i <- [1, 2 :: Int]]
"""


def test_derived_enumeration_ranges_as_ghc(tmp_path):
    # fromEnum: 32 bytes under it the first time base's default enumFromTo reaches it for
    # each type (GHC), which the model does not allocate (12 types: 384 of GHC's 1,680)
    assert_as_ghc(tmp_path, "enumrange24", known_total=0.9983,
                  known_cc={"fromEnum": 0.771, "p2": 0.0})  # p2: 16 bytes once


def test_enumeration_ranges_charge_their_method_cafs():
    src = ("data C = A | B | D deriving (Show, Enum, Bounded)\n"
           "data E = P | Q deriving (Show, Enum, Bounded)\n"
           "main :: IO ()\nmain = do\n  print [minBound .. maxBound :: C]\n"
           "  print [A, B .. D]\n  print [P ..]\n")
    before = compile_program(src.replace("[A, B .. D]", "[A]").replace(
        "[minBound .. maxBound :: C]", "[A]"), "t.hs", prof_auto="all").main_dict_bytes
    # C's ranges (two of them: one CAF); E's [P ..] is its derived enumFrom, no default
    assert compile_program(src, "t.hs", prof_auto="all").main_dict_bytes == before + 32


def test_a_match_on_a_variable_keeps_the_note_whole():
    notes = _scc_wrappers(SRC.replace("CALL", "m b i"), "m")  # (inlined, the case stays)
    assert notes == [False]


def test_a_literal_argument_resolving_the_match_splits_it():
    # m is used once and inlined (the program exports main only); True decides the match
    notes = _scc_wrappers(SRC.replace("CALL", "m True i"), "m")
    assert notes == [True]


def test_regenerated_fall_through_code_counts_a_call_once(tmp_path):
    # rpn's `apply' is called in go's fourth clause, which the match compiler builds again
    # at each fall-through: GHC's Core calls it once, inlines it, and splits its note there
    g_total, g, p_total, p = run_reference(tmp_path, "rpn")
    assert p[("apply", "Main")][0] == g[("apply", "Main")][0]
    # and the case of case reaches its nested match (`apply '/' _ 0 = Nothing'): no Just
    # allocated in go (it was 1.169x GHC's bytes)
    go = ("evalRPN.go", "Main")
    assert abs(p[go][0] / g[go][0] - 1) < 0.01, (p[go], g[go])


@pytest.mark.parametrize("name", ["errcall24", "errhead24", "errindex24"])
def test_a_program_ending_in_an_error_prints_and_allocates_as_ghc(tmp_path, name):
    prog = tmp_path / f"{name}.hs"
    prog.write_text((SHAPES / "programs" / f"{name}.hs").read_text())
    cfg = parse_run_args(["-fprof-auto", "--outdir", str(tmp_path), str(prog), "+RTS", "-P",
                          "-RTS"])
    out, err = io.StringIO(), io.StringIO()
    assert run(cfg, plugins=[stg_plugin, ccprof, heapprof], stdout=out, stderr=err,
               load_entrypoints=False) == 1
    assert out.getvalue() == (SHAPES / "out" / f"{name}.stdout").read_text()
    assert err.getvalue() == (SHAPES / "out" / f"{name}.stderr").read_text()
    ours, ghc = (_tree(p) for p in (tmp_path / f"{name}.prof", SHAPES / "out" / f"{name}.prof"))
    assert {k: v for k, v in ours.items() if k[1]} == {k: v for k, v in ghc.items() if k[1]}
    g_total, g = _per_cc(SHAPES / "out" / f"{name}.prof")
    p_total, p = _per_cc(tmp_path / f"{name}.prof")
    assert abs(p_total / g_total - 1) <= 0.02 and not cost_centre_gaps(g, p, {})
    # base's error CAF and the run's end: GHC.List's row within 8%, MAIN GHC's 640 bytes
    assert p[("MAIN", "MAIN")][0] == g[("MAIN", "MAIN")][0]
    if ("CAF", "GHC.List") in g:
        assert abs(p[("CAF", "GHC.List")][0] / g[("CAF", "GHC.List")][0] - 1) < 0.08
