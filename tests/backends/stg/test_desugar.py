"""Desugaring to STG IR: well-formedness, the IR's shape (A-normal form, inlined
arithmetic, lazy sum, strict length), and cost centres compared with GHC 9.0.2's .prof files."""

from __future__ import annotations

import glob
import os

import pytest

from profkit.backends.stg import ir
from profkit.backends.stg.frontend.pipeline import compile_program

from .irvalidate import IRError, validate
from tests.conftest import REFERENCE as REFDATA

REF = str(REFDATA / "ghc-9.0.2")
HERE = os.path.dirname(__file__)
REF_PROGRAMS = sorted(glob.glob(f"{REF}/programs/*.hs"))
OWN_PROGRAMS = sorted(glob.glob(f"{HERE}/programs/*.hs"))


def read(path: str) -> str:
    with open(path, "rb") as f:
        return f.read().decode("utf-8")


def compile_file(path: str, **kw) -> ir.Program:
    return compile_program(read(path), os.path.basename(path), **kw)


def walk(e, out: list) -> None:
    """All expressions and closures under e (a Closure, ConRhs or expression)."""
    out.append(e)
    if isinstance(e, ir.Closure):
        walk(e.body, out)
    elif isinstance(e, ir.SCC):
        walk(e.body, out)
    elif isinstance(e, ir.Let):
        for b in e.binds:
            walk(b.rhs, out)
        walk(e.body, out)
    elif isinstance(e, ir.Case):
        walk(e.scrut, out)
        for a in e.alts:
            walk(a.body, out)
        if e.default is not None:
            walk(e.default, out)


def nodes(p: ir.Program, module: str | None = None, name: str | None = None) -> list:
    out: list = []
    for b in p.binds:
        if (module is None or b.module == module) and (name is None or b.name == name):
            walk(b.rhs, out)
    return out


def top(p: ir.Program, name: str) -> ir.Rhs:
    return next(b.rhs for b in p.binds if b.name == name)


@pytest.mark.parametrize("path", REF_PROGRAMS + OWN_PROGRAMS, ids=os.path.basename)
@pytest.mark.parametrize("mode", [None, "all", "top", "calls"])
def test_ir_is_well_formed(path, mode):
    validate(compile_file(path, prof_auto=mode, prof_cafs=mode == "top"))


def test_validator_catches_mistakes():
    p = compile_file(f"{REF}/programs/nfib.hs")
    clo = top(p, "nfib")
    assert isinstance(clo, ir.Closure)
    clo.body = ir.Let([ir.Bind("t", ir.Closure([], ir.App("nfib", [ir.Var("n_1")]),
                                                 ir.ClosureInfo("t", "Main")))],
                      ir.PrimOp("+", [ir.Var("t"), ir.Lit(1, "Int")]))
    with pytest.raises(IRError) as e:
        validate(p)
    assert "not in scope: n_1" in str(e.value) and "unevaluated t" in str(e.value)


def test_saturated_call_is_one_app_with_atom_arguments():
    p = compile_file(f"{REF}/programs/nfib.hs")
    body = [n for n in nodes(p, name="nfib")]
    calls = [n for n in body if isinstance(n, ir.App) and n.fun == "nfib"]
    assert len(calls) == 2 and all(len(c.args) == 1 for c in calls)
    # the arguments n-1 and n-2 are thunks, as GHC's sat_ binders; so are the operands of
    # `+` (GHC -O0 calls the class method with lazy arguments): 4 thunks, free var n each
    thunks = [n for n in body if isinstance(n, ir.Closure) and not n.params]
    assert len(thunks) == 4 and all(t.free == [thunks[0].free[0]] for t in thunks)
    plus = [n for n in body if isinstance(n, ir.Let) and isinstance(n.body, ir.Let)]
    assert plus, "nfib (n-1) + nfib (n-2) allocates both operand thunks first"
    # arithmetic and comparison are primops on case-evaluated operands (at Int the
    # versions that wrap at 64 bits: directed.py's _INT_OPS)
    ops = sorted(n.op for n in body if isinstance(n, ir.PrimOp))
    assert ops == ["+I", "-I", "-I", "<"]


def test_string_literals_are_unpack_thunks():
    p = compile_program('main = putStrLn "hello"', "t.hs")
    (main,) = [b.rhs for b in p.binds if b.name == "main"]
    apps = [n for n in nodes(p, name="main") if isinstance(n, ir.App)]
    assert any(a.fun == "unpackCString#" and a.args == [ir.Lit("hello", "String")]
               for a in apps)
    assert isinstance(main, ir.Closure) and not main.params  # main is a CAF


def test_sum_is_lazy_foldl_and_length_a_strict_loop():
    p = compile_program("main = print 1", "t.hs")
    foldl = nodes(p, name="foldl")
    # foldl f (f z x) xs: the accumulator is an updatable thunk (mean_leak's * band)
    assert any(isinstance(n, ir.Closure) and not n.params and n.updatable for n in foldl)
    assert any(isinstance(n, ir.App) and n.fun == "foldl" for n in nodes(p, name="sum"))
    loop = nodes(p, name="lenAcc#")
    assert not any(isinstance(n, ir.Closure) and not n.params for n in loop)
    # base's worker counts unboxed: no I# per element, one for the result
    assert any(isinstance(n, ir.PrimOp) and n.op == "+#" for n in loop)
    assert any(isinstance(n, ir.PrimOp) and n.op == "box#" for n in nodes(p, name="length"))


def test_prelude_has_no_cost_centres_and_keeps_clashing_names_apart():
    p = compile_program("map = 1\nmain = print map", "t.hs", prof_auto="all")
    assert not any(isinstance(n, ir.SCC) for n in nodes(p, module="Prelude"))
    names = {b.name for b in p.binds}
    assert "map" in names and "Prelude.map" in names and "Prelude.+" in names


def test_pattern_failure_message_names_function_and_span():
    p = compile_program("f :: Int -> Int\nf 1 = 2\nf 2 = 3\nmain = print (f 3)", "t.hs")
    msgs = {n.fail_msg for n in nodes(p, name="f") if isinstance(n, ir.Case)
            and n.default is None}
    assert msgs == {"t.hs:(2,1)-(3,7): Non-exhaustive patterns in function f"}


# ----------------------------------------------------------------------- cost centres


def scc_rows(p: ir.Program) -> set[tuple[str, str, str]]:
    return {(n.cc.label, n.cc.module, n.cc.src) for n in nodes(p, module="Main")
            if isinstance(n, ir.SCC)}


def prof_rows(path: str) -> set[tuple[str, str, str]]:
    rows, on = set(), False
    for line in read(path).splitlines():
        if line.startswith("COST CENTRE") and "no." in line:
            on = True
        elif on and line.strip():
            label, module, src = line.split()[:3]
            if module == "Main" and label != "CAF":
                rows.add((label, module, src))
    return rows


VARIANTS = {"autoO0": ("all", False), "topcafs": ("top", True), "calls": ("calls", False),
            "manual": (None, False)}
PROFS = [p for p in sorted(glob.glob(f"{REF}/out/*/*/p/*.prof"))
         if p.split("/")[-3] in VARIANTS]


@pytest.mark.parametrize("prof", PROFS, ids=lambda p: "/".join(p.split("/")[-4:-2]))
def test_cost_centres_match_ghc(prof):
    prog, variant = prof.split("/")[-4], prof.split("/")[-3]
    auto, cafs = VARIANTS[variant]
    p = compile_file(f"{REF}/programs/{prog}.hs", prof_auto=auto, prof_cafs=cafs)
    # the program's own (module Main); base's Show CAFs have caf_ccs of their modules
    mine = scc_rows(p) | {(c.label, c.module, c.src) for c in p.caf_ccs.values()
                          if c.module == "Main"}
    assert mine == prof_rows(prof)


def test_all_reference_variants_are_covered():
    assert len(PROFS) == 9


def test_counting_and_placement_of_automatic_cost_centres():
    src = ("work :: Int -> Int\nwork n = go n 0\n  where\n    go 0 acc = acc'\n"
           "      where acc' = acc\n    go k acc = go (k - 1) (acc + k)\n"
           "consume :: [Int] -> Int\nconsume = foldr (\\x r -> x + r) 0\n"
           "main = print (work 10, consume [1, 2])\n")
    p = compile_program(src, "w.hs", prof_auto="all")
    labels = {label for label, _, _ in scc_rows(p)}
    assert labels == {"work", "work.go", "work.go.acc'", "consume", "consume.\\", "main"}
    lam = next(n for n in nodes(p, module="Main") if isinstance(n, ir.SCC)
               and n.cc.label == "consume.\\")
    assert lam.cc.src == "w.hs:8:26-30" and lam.count  # the lambda's body
    # a function's cost centre is inside its lambda; a CAF's is its body
    work = top(p, "work")
    assert isinstance(work, ir.Closure) and isinstance(work.body, ir.SCC)
    assert isinstance(top(p, "consume"), ir.Closure) and not top(p, "consume").params
    calls = compile_program(src, "w.hs", prof_auto="calls")
    assert all(not n.count for n in nodes(calls, module="Main") if isinstance(n, ir.SCC))
    assert "work.go" in {label for label, _, _ in scc_rows(calls)}
    top_only = compile_program(src, "w.hs", prof_auto="top", prof_cafs=True)
    assert {label for label, _, _ in scc_rows(top_only)} == {"work", "consume", "main"}
    # the program's own (base's Show CAFs have theirs: CAF GHC.Show, CAF Data.Either)
    assert {k for k, c in top_only.caf_ccs.items() if c.module == "Main"} == {"consume",
                                                                              "main"}
    assert top_only.caf_ccs["consume"] == ir.CostCentre("CAF:consume", "Main", "w.hs:8:1-7",
                                                        True)


def test_no_case_mixes_box_alternatives_with_others():
    # The Prelude's run-time type dispatch keeps box alternatives apart from others (the
    # machine handles a mixed case too: test_machine's ..._selects_by_value).
    src = "data T = A | B Int deriving (Eq, Show)\nmain = print (B 1 == B 1, show A)"
    p = compile_program(src, "t.hs")
    for n in nodes(p):
        if isinstance(n, ir.Case):
            cons = [a.con for a in n.alts if isinstance(a, ir.ConAlt)]
            if any(c in ("I#", "D#", "C#") for c in cons):
                assert len(cons) == 1 and n.default is None


def test_closure_descriptions_use_ghc_base_modules():
    p = compile_program("main = print (sum [1.0, 2.0])", "t.hs")
    infos = {b.name: b.rhs.info for b in p.binds if isinstance(b.rhs, ir.Closure)}
    assert (infos["foldl"].module, infos["map"].module, infos["main"].module) == \
        ("GHC.List", "GHC.Base", "Main")
    sats = [n.info for n in nodes(p, name="foldl") if isinstance(n, ir.Closure)
            and not n.params]
    assert sats and all(i.module == "GHC.List" and i.name.startswith("sat_s") for i in sats)
