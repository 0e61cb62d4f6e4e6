"""Benchmark of the STG machine: nfib 25 on hand-built IR (and, when the front end is
available, the reference programs compiled from Haskell).

    python bench/bench_stg_machine.py [N] [--frontend] [--program FILE.hs ...]

Prints machine transitions per second, wall time, and the ratio to the same nfib written
directly in Python, run in the same process.
"""

from __future__ import annotations

import io
import os
import resource
import sys
import time

from profkit.backends.stg.backend import StgBackend
from profkit.backends.stg.ir import (App, Bind, Case, Closure, ClosureInfo, ConAlt, CostCentre,
                                     Let, Lit, LitE, PrimOp, Program, SCC, TopBind, Var)
from profkit.options import Config, parse_run_args
from profkit.session import Session

NFIB_HS = """module Main (main) where

nfib :: Int -> Int
nfib n = if n < 2 then 1 else nfib (n-1) + nfib (n-2)

main :: IO ()
main = print (nfib {n})
"""


def nfib_ir(n: int) -> Program:
    """nfib as GHC -O0 compiles it: thunks for n-1 and n-2, an SCC for -fprof-auto."""
    def V(x):
        return Var(x)

    def I(x):
        return Lit(x, "Int")

    def th(body, name):
        return Closure([], body, ClosureInfo(name, "Main"))

    body = Case(PrimOp("<", [V("n"), I(2)]), "_", [
        ConAlt("True", [], LitE(I(1))),
        ConAlt("False", [], Let([Bind("t1", th(PrimOp("-", [V("n"), I(1)]), "sat_s1"))], Let(
            [Bind("t2", th(PrimOp("-", [V("n"), I(2)]), "sat_s2"))],
            Case(App("nfib", [V("t1")]), "a", [], default=Case(
                App("nfib", [V("t2")]), "b", [], default=PrimOp("+", [V("a"), V("b")]))))))])
    nfib = Closure(["n0"], Case(App("n0", []), "n", [], default=SCC(
        CostCentre("nfib", "Main", "nfib.hs:4:1-53"), body)), ClosureInfo("nfib", "Main"))
    nl = Let([Bind("nl", ConRhsNl())], Case(PrimOp("putStr#", [V("s"), V("w")]), "_", [],
                                            default=PrimOp("putStr#", [V("nl"), V("w")])))
    main = Closure(["w"], Case(App("nfib", [I(n)]), "r", [], default=Case(
        PrimOp("showInt", [V("r")]), "s", [], default=nl)), ClosureInfo("main", "Main"))
    return Program([TopBind("nfib", nfib, "Main"), TopBind("main", main, "Main")], {},
                   source_file="nfib.hs")


def ConRhsNl():
    from profkit.backends.stg.ir import ConRhs

    return ConRhs(":", [Lit("\n", "Char"), Var("[]")])


def py_nfib(n: int) -> int:
    return 1 if n < 2 else py_nfib(n - 1) + py_nfib(n - 2)


def run_program(cfg: Config, program: Program | None) -> tuple[str, StgBackend, float]:
    out = io.StringIO()
    session = Session(cfg, load_entrypoints=False, stdout=out)
    backend = StgBackend(cfg, cfg.program)
    session.backend = backend
    if program is None:
        backend.load(session)
    else:
        backend.load_program(session, program)
    t0, c0 = time.perf_counter(), time.process_time()
    backend.run(session)
    dt, cpu = time.perf_counter() - t0, time.process_time() - c0
    backend.shutdown(session)
    backend.cpu = cpu
    return out.getvalue(), backend, dt


def report(label: str, out: str, backend: StgBackend, dt: float) -> None:
    m = backend.machine
    print(f"{label}: output {out.strip()[:40]!r}")
    print(f"  wall {dt:.2f} s (CPU {backend.cpu:.2f} s), {m.steps:,} transitions, "
          f"{m.steps / dt:,.0f} transitions/s of wall time ({m.steps / backend.cpu:,.0f} per CPU "
          f"second), {len(m.session.header):,} objects allocated, {m.total_ticks} ticks")


def main(argv: list[str]) -> None:
    n = int(argv[0]) if argv and argv[0].isdigit() else 25
    out, backend, dt = run_program(Config(program="nfib.hs"), nfib_ir(n))
    report(f"nfib {n} (hand-built IR)", out, backend, dt)
    c0 = time.process_time()
    py_nfib(n)
    pcpu = time.process_time() - c0
    print(f"  plain Python nfib {n}: CPU {pcpu:.3f} s; machine/Python = "
          f"{backend.cpu / pcpu:.1f}x (CPU time)")
    if "--frontend" in argv:
        import tempfile

        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "nfib.hs")
            with open(path, "w") as f:
                f.write(NFIB_HS.format(n=n))
            cfg = parse_run_args(["-fprof-auto", path])
            out, backend, dt = run_program(cfg, None)
            report(f"nfib {n} (front end, -fprof-auto)", out, backend, dt)
            print(f"  machine/Python = {backend.cpu / pcpu:.1f}x (CPU time)")
    if "--program" in argv:
        for path in argv[argv.index("--program") + 1:]:
            cfg = parse_run_args(["-fprof-auto", path])
            out, backend, dt = run_program(cfg, None)
            report(os.path.basename(path), out, backend, dt)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak RSS {peak:.0f} MB")


if __name__ == "__main__":
    main(sys.argv[1:])
