"""Differential test: random integer IR programs, compiled by codegen_x86 and run on the mini
machine (every allocation through the GC entry, roots checked), against the reference IR
interpreter."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from profkit.backends.mlworks import ir as I

from .ir_interp import run_program
from .test_codegen_x86_minimachine import run

SETUP = "<Setup>[r.sml:1,1]"
# f x = x * 3 + 1 (a global, called directly); the closure g y = y - k with k free
F = I.CodeItem("f[r.sml:2]", "x", I.Prim("add", [I.Prim("mul", [I.Var("x"), I.Int(3)]),
                                                  I.Int(1)]))
G = I.CodeItem("g[r.sml:3]", "y", I.Prim("sub", [I.Var("y"), I.EnvVar(1)]))

BIN = ["add", "sub", "mul", "div", "mod", "quot", "rem"]
CMP = ["lt", "le", "gt", "ge", "eq", "ne"]
small = st.integers(-40, 40).map(I.Int)
big = st.sampled_from([2**29 - 1, -(2**29), 2**28, -(2**28) - 3, 65536, 0]).map(I.Int)


def exprs(names: tuple[str, ...], depth: int):
    leaves = [small, small, small, big] + (
        [st.sampled_from(names).map(I.Var)] * 3 if names else [])
    leaf = st.one_of(*leaves)
    if depth == 0:
        return leaf
    sub = exprs(names, depth - 1)
    arith = st.builds(lambda op, a, b: I.Prim(op, [a, b]), st.sampled_from(BIN), sub, sub)
    return st.one_of(
        leaf, arith, arith, arith,
        st.builds(lambda op, a: I.Prim(op, [a]), st.sampled_from(["neg", "abs"]), sub),
        st.builds(lambda op, a, b, t, e: I.If(I.Prim(op, [a, b]), t, e),
                  st.sampled_from(CMP), sub, sub, sub, sub),
        st.builds(lambda op, a, b: I.Prim(op, [a, b]), st.sampled_from(CMP), sub, sub),
        st.builds(lambda v, c, d: I.Switch(v, [(1, c), (-2, d)], I.Int(7)), sub, sub, sub),
        st.builds(lambda a: I.Call(I.Global(0), a), sub),
        st.builds(lambda k, a: I.Call(I.MakeClosure(G.name, [k]), a), sub, sub),
        st.builds(lambda a, b: I.Select(1, I.Alloc("record", [a, b, I.Int(3)])), sub, sub),
        st.builds(lambda a, b: I.Select(0, I.Alloc("pair", [a, b])), sub, sub),
        st.builds(lambda a, h: I.Handle(a, "exn", h), sub, sub),
        lets(names, depth),
    )


def lets(names, depth):
    n = f"v{len(names)}"
    return st.builds(lambda v, op, b: I.Let(n, v, I.Prim(op, [I.Var(n), b])),
                     exprs(names, depth - 1), st.sampled_from(BIN),
                     st.deferred(lambda: exprs(names + (n,), depth - 1)))


def program(bodies):
    prints = []
    for b in bodies:  # each value printed; an exception prints ~999
        prints.append(I.Runtime("print", [I.Runtime("int_to_string", [
            I.Handle(b, "exn", I.Int(-999))])]))
        prints.append(I.Runtime("print", [I.String(b",")]))
    setup = I.Seq([I.SetGlobal(0, I.MakeClosure(F.name, [])), *prints,
                   I.Runtime("print", [I.Runtime("int_to_string", [bodies[0]])])])
    return I.Program([F, G, I.CodeItem(SETUP, "u", setup)], SETUP, 1, "r.sml",
                     {"Overflow": b"Overflow", "Div": b"Div"})


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(exprs((), 3), min_size=1, max_size=8))
def test_random_programs_agree_with_the_interpreter(bodies):
    p = program(bodies)
    want = run_program(p)
    out, m = run(p, gc_every=True)
    assert out == want.stdout
    if want.uncaught is None:
        assert m.uncaught is None
    else:
        assert m.uncaught is not None and m.uncaught in want.uncaught
