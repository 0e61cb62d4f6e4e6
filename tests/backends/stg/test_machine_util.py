"""Helpers to build STG IR by hand and run it on the machine (used by test_machine*.py),
plus tests of the helpers' own programs."""

from __future__ import annotations

import io
from typing import Any

from profkit.backends.stg import ir
from profkit.backends.stg.backend import StgBackend
from profkit.backends.stg.ir import (App, Bind, Case, Closure, ClosureInfo, ConAlt,
                                     Let, Lit, LitE, PrimOp, Program, SCC, TopBind, Var)
from profkit.options import Config
from profkit.session import Session
from profkit.testing import Recorder


def V(n: str) -> Var:
    return Var(n)


def I(n: int) -> Lit:  # noqa: E743
    return Lit(n, "Int")


def D(x: float) -> Lit:
    return Lit(x, "Double")


def S(s: str) -> Lit:
    return Lit(s, "String")


def info(name: str, module: str = "Main") -> ClosureInfo:
    return ClosureInfo(name, module)


def fn(params: list[str], body: Any, name: str = "f") -> Closure:
    return Closure(params, body, info(name))


def thunk(body: Any, name: str = "t") -> Closure:
    return Closure([], body, info(name))


def cc(label: str, src: str = "t.hs:1:1-5") -> ir.CostCentre:
    return ir.CostCentre(label, "Main", src)


def force(var: str, binder: str, body: Any) -> Case:
    """case var of binder -> body"""
    return Case(App(var, []), binder, [], default=body)


def prim(op: str, *args: Any) -> PrimOp:
    return PrimOp(op, list(args))


def print_int(expr: Any) -> Closure:
    """main = \\w -> case expr of r -> case showInt r of s -> putStr# s w (then newline)"""
    return fn(["w"], Case(expr, "r", [], default=Case(
        prim("showInt", V("r")), "s", [], default=print_str_then_nl("s"))), "main")


def print_str_then_nl(s: str) -> Any:
    nl = Let([Bind("nl", ir.ConRhs(":", [Lit("\n", "Char"), V("[]")]))],
             Case(prim("putStr#", V(s), V("w")), "_", [], default=prim("putStr#", V("nl"), V("w"))))
    return nl


def nfib_bind(with_scc: bool = True) -> TopBind:
    """nfib n = if n < 2 then 1 else nfib (n-1) + nfib (n-2), with thunks for the
    arguments as GHC -O0 would build."""
    body = Case(prim("<", V("n"), I(2)), "_", [
        ConAlt("True", [], LitE(I(1))),
        ConAlt("False", [], Let(
            [Bind("t1", thunk(prim("-", V("n"), I(1)), "sat_t1")),
             Bind("t2", thunk(prim("-", V("n"), I(2)), "sat_t2"))],
            Case(App("nfib", [V("t1")]), "a", [], default=Case(
                App("nfib", [V("t2")]), "b", [], default=prim("+", V("a"), V("b")))))),
    ])
    if with_scc:
        body = SCC(cc("nfib", "nfib.hs:4:1-53"), body)
    return TopBind("nfib", fn(["n0"], force("n0", "n", body), "nfib"), "Main")


def program(binds: list[TopBind], datacons: dict | None = None, **kw: Any) -> Program:
    return Program(binds, datacons or {}, source_file="t.hs", **kw)


class Run:
    """The result of running a program: output, session, machine, recorder, error."""

    def __init__(self, prog: Program, *, max_steps: int | None = None,
                 recorder: bool = True, config: Config | None = None) -> None:
        self.out = io.StringIO()
        self.rec = Recorder() if recorder else None
        cfg = config or Config(program="t.hs")
        cfg.max_steps = max_steps if max_steps is not None else cfg.max_steps
        self.session = Session(cfg, [self.rec] if self.rec else [], load_entrypoints=False,
                               stdout=self.out)
        self.backend = StgBackend(cfg, "t.hs")
        self.session.backend = self.backend
        self.backend.load_program(self.session, prog)
        self.machine = self.backend.machine
        self.error: Exception | None = None
        try:
            self.status = self.backend.run(self.session)
        except Exception as e:  # noqa: BLE001 - tests inspect it
            self.error = e
            self.status = getattr(e, "exit_code", -1)
        self.backend.shutdown(self.session)
        self.session.run_end()

    @property
    def output(self) -> str:
        return self.out.getvalue()

    def stack_of(self, *labels: str) -> int:
        """StackTable id of MAIN/labels... (labels outermost first)."""
        t = self.session.tables
        for s in range(len(t.stacks)):
            frames = [t.ccs[c].label for c in reversed(t.stacks.frames(s))]
            if frames == list(labels):
                return s
        raise KeyError(labels)


def run(binds: list[TopBind], **kw: Any) -> Run:
    return Run(program(binds), **kw)


def test_nfib_prints_and_counts_entries():
    r = run([nfib_bind(), TopBind("main", print_int(App("nfib", [I(15)])), "Main")])
    assert r.error is None
    assert r.output == "987\n"
    assert r.machine.ccs_entries[r.stack_of("nfib")] == 1973


def test_helpers_conapp_and_let_build_values():
    # main prints the length of a 3-element list built with ConApp/Let
    length = TopBind("len", fn(["xs0"], force("xs0", "xs", Case(App("xs", []), "_", [
        ConAlt("[]", [], LitE(I(0))),
        ConAlt(":", ["h", "t"], Case(App("len", [V("t")]), "n", [],
                                     default=prim("+", V("n"), I(1))))])), "len"), "Main")
    lst = Let([Bind("c", ir.ConRhs(":", [I(3), V("[]")])),
               Bind("b", ir.ConRhs(":", [I(2), V("c")])),
               Bind("a", ir.ConRhs(":", [I(1), V("b")]))], App("len", [V("a")]), rec=True)
    r = run([length, TopBind("main", print_int(lst), "Main")])
    assert r.output == "3\n"


def test_primitive_templates_have_distinct_names():
    """The machine binds each helper and primitive template into its namespace by the
    function's name: two modules' helpers of one name (prims_array's `_cells` and a
    numeric one, met while writing session 21's) would silently leave one of them
    calling the other."""
    from profkit.backends.stg.machine import prims
    seen: dict[str, Any] = {}
    for fn in prims.HELPER_FUNCTIONS + tuple(prims.PRIM_FUNCTIONS.values()):
        assert seen.setdefault(fn.__name__, fn) is fn, fn.__name__
