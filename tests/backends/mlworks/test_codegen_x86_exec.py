"""Run hand-built IR programs compiled by codegen_x86 on the mini machine."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from profkit.backends.mlworks import ir as I

from .test_codegen_x86_minimachine import run

SETUP = "<Setup>[t.sml:1,1]"


def prog(items, body, n_globals=4):
    return I.Program(items + [I.CodeItem(SETUP, "u", body)], SETUP, n_globals, "t.sml",
                     {"Overflow": b"Overflow", "Div": b"Div"})


def show(e):
    """print (Int.toString e)"""
    return I.Runtime("print", [I.Runtime("int_to_string", [e])])


def V(n):
    return I.Var(n)


def P(op, *a):
    return I.Prim(op, list(a))


NFIB = I.CodeItem("nfib[t.sml:2]", "n", I.If(
    P("lt", V("n"), I.Int(2)), I.Int(1),
    P("add", I.Call(I.SelfClosure(), P("sub", V("n"), I.Int(1))),
      I.Call(I.SelfClosure(), P("sub", V("n"), I.Int(2))))))


def test_nfib():
    p = prog([NFIB], I.Seq([I.SetGlobal(0, I.MakeClosure(NFIB.name, [])),
                            show(I.Call(I.Global(0), I.Int(15)))]))
    out, _ = run(p)
    assert out == "987"


# upto (i, n) = if i > n then [] else i :: upto (i+1, n), non-tail; sum with a tail loop
UPTO = I.CodeItem("upto[t.sml:3]", "p", I.Let("i", I.Select(0, V("p")), I.Let(
    "n", I.Select(1, V("p")),
    I.If(P("gt", V("i"), V("n")), I.Int(0),
         I.Alloc("pair", [V("i"), I.Call(I.SelfClosure(), I.Alloc(
             "pair", [P("add", V("i"), I.Int(1)), V("n")]))])))))
SUM = I.CodeItem("sum[t.sml:4]", "p", I.Let("xs", I.Select(0, V("p")), I.Let(
    "acc", I.Select(1, V("p")),
    I.Switch(V("xs"), [(0, V("acc"))], I.Call(I.SelfClosure(), I.Alloc("pair", [
        I.Select(1, V("xs")), P("add", V("acc"), I.Select(0, V("xs")))]))))))


def upto_sum_program(n):
    return prog([UPTO, SUM], I.Seq([
        I.SetGlobal(0, I.MakeClosure(UPTO.name, [])),
        I.SetGlobal(1, I.MakeClosure(SUM.name, [])),
        show(I.Call(I.Global(1), I.Alloc("pair", [
            I.Call(I.Global(0), I.Alloc("pair", [I.Int(1), I.Int(n)])), I.Int(0)])))]))


def test_lists_and_tail_calls():
    out, m = run(upto_sum_program(2000))
    assert out == str(2000 * 2001 // 2)
    assert m.gcs > 0  # the out-of-line path of the allocation sequence ran


def test_every_allocation_through_the_gc_entry():
    out, m = run(upto_sum_program(300), gc_every=True)
    assert out == str(300 * 301 // 2)
    assert m.gcs >= 900  # 2 pairs per element + the closures + the sum's pairs


def test_tail_calls_do_not_grow_the_stack():
    # sum over a 100000-element list would need ~1.6 MB of frames without tail calls;
    # with them the recursion depth is upto's only. Check ESP high-water mark indirectly:
    # a 50000-element tail loop with a 64 KB stack budget would fault otherwise.
    LOOP = I.CodeItem("loop[t.sml:5]", "p", I.Let("i", I.Select(0, V("p")), I.If(
        P("eq", V("i"), I.Int(0)), I.Select(1, V("p")),
        I.Call(I.SelfClosure(), I.Alloc("pair", [P("sub", V("i"), I.Int(1)),
                                                 P("add", I.Select(1, V("p")), I.Int(2))])))))
    p = prog([LOOP], I.Seq([I.SetGlobal(0, I.MakeClosure(LOOP.name, [])),
                            show(I.Call(I.Global(0), I.Alloc("pair", [I.Int(300000),
                                                                      I.Int(0)])))]))
    out, m = run(p)
    assert out == "600000"


def test_closures_free_variables_and_records():
    # adder x = fn y => x + y  (pair closure); mk3 x = record of 3 free vars
    ANON = I.CodeItem("<anon>[t.sml:2]", "y", P("add", I.EnvVar(1), V("y")))
    ADDER = I.CodeItem("adder[t.sml:2]", "x", I.MakeClosure(ANON.name, [V("x")]))
    F3 = I.CodeItem("<anon>[t.sml:3]", "y", P("add", P("mul", I.EnvVar(1), I.EnvVar(2)),
                                                P("sub", I.EnvVar(3), V("y"))))
    MK3 = I.CodeItem("mk3[t.sml:3]", "r", I.MakeClosure(F3.name, [
        I.Select(0, V("r")), I.Select(1, V("r")), I.Select(2, V("r"))]))
    p = prog([ANON, ADDER, F3, MK3], I.Seq([
        I.SetGlobal(0, I.MakeClosure(ADDER.name, [])),
        I.SetGlobal(1, I.MakeClosure(MK3.name, [])),
        show(I.Call(I.Call(I.Global(0), I.Int(40)), I.Int(2))),
        I.Runtime("print", [I.String(b" ")]),
        show(I.Call(I.Call(I.Global(1), I.Alloc("record", [I.Int(6), I.Int(7), I.Int(100)])),
                    I.Int(58)))]))
    out, _ = run(p, gc_every=True)
    assert out == "42 84"


def test_letrec_shared_closure():
    # even/odd sharing one closure record [even, odd, k]; odd's closure is even's + 4
    EVEN = I.CodeItem("even[t.sml:2]", "n", I.If(P("eq", V("n"), I.Int(0)), I.EnvVar(2),
                                                 I.Call(P_addr(1), P("sub", V("n"), I.Int(1)))))
    ODD = I.CodeItem("odd[t.sml:3]", "n", I.If(P("eq", V("n"), I.Int(0)), I.Int(0),
                                               I.Call(P_addr(-1), P("sub", V("n"), I.Int(1)))))
    # EnvVar(2) of even = field 2 of the record = k; odd never reads free variables
    p = prog([EVEN, ODD], I.LetRecClosures(["even", "odd"], [EVEN.name, ODD.name], [I.Int(77)],
                                           I.Seq([show(I.Call(V("even"), I.Int(10))),
                                                  show(I.Call(V("odd"), I.Int(7))),
                                                  show(I.Call(V("even"), I.Int(7)))])))
    out, _ = run(p)
    assert out == "77770"


def P_addr(fields):
    """The sibling closure ``fields`` words away inside a shared closure record. There is no
    IR node for it; Prim add on the closure word does it (the pointer stays tagged)."""
    return P("add", I.SelfClosure(), I.Int(fields))


def test_exceptions_handle_raise_and_overflow():
    exn = I.Alloc("pair", [I.String(b"Foo"), I.Int(5)])
    f = I.CodeItem("f[t.sml:2]", "x", I.If(P("gt", V("x"), I.Int(3)), I.Raise(exn),
                                            P("mul", V("x"), I.Int(10))))
    body = I.Seq([
        I.SetGlobal(0, I.MakeClosure(f.name, [])),
        show(I.Handle(I.Call(I.Global(0), I.Int(2)), "e", I.Int(-1))),
        show(I.Handle(I.Call(I.Global(0), I.Int(9)), "e", I.Select(1, V("e")))),
        # Overflow from inline arithmetic, caught, name compared by identity
        show(I.Handle(P("add", I.Int(2**29 - 1), I.Int(1)), "e",
                      I.If(P("eqptr", I.Select(0, V("e")), I.String(b"Overflow")), I.Int(100),
                           I.Int(200)))),
        show(I.Handle(P("div", I.Int(7), I.Int(0)), "e",
                      I.If(P("eqptr", I.Select(0, V("e")), I.String(b"Div")), I.Int(300),
                           I.Int(400)))),
        # nested handlers: the inner one re-raises
        show(I.Handle(I.Handle(I.Call(I.Global(0), I.Int(9)), "e", I.Raise(V("e"))), "e2",
                      P("add", I.Select(1, V("e2")), I.Int(1000)))),
        show(I.Int(1)),
    ])
    out, _ = run(prog([f], body))
    assert out == "20510030010051"


def test_uncaught_exception():
    body = I.Seq([show(I.Int(1)), show(P("mul", I.Int(2**28), I.Int(4))), show(I.Int(2))])
    out, m = run(prog([], body))
    assert out == "1" and m.uncaught == "Overflow"


def test_refs_and_assign():
    body = I.Let("r", I.Alloc("ref", [I.Int(5)]), I.Seq([
        I.Assign(V("r"), P("add", I.Deref(V("r")), I.Int(10))),
        show(I.Deref(V("r")))]))
    out, _ = run(prog([], body), gc_every=True)
    assert out == "15"


def test_switch_and_conditions():
    items = []
    body = I.Seq([show(I.Switch(I.Int(k), [(1, I.Int(10)), (2, I.Int(20)), (-3, I.Int(30))],
                                I.Int(0))) for k in (1, 2, -3, 4)] + [
        show(I.If(I.If(P("lt", I.Int(1), I.Int(2)), P("not", P("eq", I.Int(3), I.Int(4))),
                       I.Int(0)), I.Int(5), I.Int(6))),
        show(P("is_int", I.Int(3))), show(P("is_int", I.String(b"x"))),
        show(P("le", I.Int(-4), I.Int(-4)))])
    out, _ = run(prog(items, body))
    assert out == "102030051" + "0" + "1"


def test_reals():
    r = I.Real
    body = I.Seq([
        show(P("floor", P("radd", r(1.25), r(2.5)))),
        show(P("ceil", P("rmul", r(1.5), r(-3.0)))),
        show(P("round", r(2.5))), show(P("round", r(3.5))), show(P("trunc", r(-7.9))),
        show(P("floor", P("rneg", r(0.5)))),
        show(P("floor", P("sqrt", P("real_of_int", I.Int(50))))),
        show(P("rlt", r(1.0), r(2.0))), show(P("rge", r(1.0), r(2.0))),
        show(P("req", r(2.0), P("rdiv", r(4.0), r(2.0)))),
        show(P("trunc", I.Alloc("real", [r(9.75)]))),
    ])
    out, _ = run(prog([], body), gc_every=True)
    assert out == "3" + "~4" + "24" + "~7" + "~1" + "7" + "101" + "9"


def _floor_div(a, b):
    return a // b


@settings(max_examples=40, deadline=None)
@given(st.integers(-(2**29), 2**29 - 1), st.integers(-(2**29), 2**29 - 1))
def test_integer_arithmetic_matches_sml(a, b):
    lo, hi = -(2**29), 2**29 - 1

    def sml(op):
        if op in ("div", "mod", "quot", "rem") and b == 0:
            return "Div"
        if op == "add":
            v = a + b
        elif op == "sub":
            v = a - b
        elif op == "mul":
            v = a * b
        elif op == "div":
            v = a // b
        elif op == "mod":
            v = a % b
        elif op == "quot":
            v = abs(a) // abs(b) * (1 if (a >= 0) == (b >= 0) else -1)
        else:
            v = a - b * (abs(a) // abs(b) * (1 if (a >= 0) == (b >= 0) else -1))
        return str(v).replace("-", "~") if lo <= v <= hi else "Overflow"

    ops = ["add", "sub", "mul", "div", "mod", "quot", "rem"]
    body = I.Seq([show(I.Handle(P(op, I.Int(a), I.Int(b)), "e",
                                I.If(P("eqptr", I.Select(0, V("e")), I.String(b"Div")),
                                     I.Int(-(2**29) + 7), I.Int(-(2**29) + 9))))
                  for op in ops for _ in [0]])
    # separate the outputs
    body = I.Seq([x for e in body.exprs for x in (e, I.Runtime("print", [I.String(b",")]))])
    out, _ = run(prog([], body))
    got = out.rstrip(",").split(",")
    want = [sml(op) for op in ops]
    want = [{"Div": str(-(2**29) + 7), "Overflow": str(-(2**29) + 9)}.get(w, w) for w in want]
    assert got == [w.replace("-", "~") for w in want]


def test_operands_in_slots_are_evaluated_in_order():
    # (f 1) - (f 2) where f prints its argument: SML evaluates left to right
    F = I.CodeItem("f[t.sml:2]", "x", I.Seq([show(V("x")), P("mul", V("x"), I.Int(10))]))
    body = I.Seq([I.SetGlobal(0, I.MakeClosure(F.name, [])),
                  show(P("sub", I.Call(I.Global(0), I.Int(1)), I.Call(I.Global(0), I.Int(2))))])
    out, _ = run(prog([F], body))
    assert out == "12~10"


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5, 8])
def test_record_sizes_and_pad_words(n):
    fields = [I.Int(i + 1) for i in range(n)]
    sel = [I.Select(i, V("r")) for i in range(n)]
    total = sel[0]
    for s in sel[1:]:
        total = P("add", total, s)
    kind = "pair" if n == 2 else "record"
    out, m = run(prog([], I.Let("r", I.Alloc(kind, fields), show(total))), gc_every=True)
    assert out == str(n * (n + 1) // 2)


def test_let_bound_string_is_one_object():
    # a user exception's name string is its identity: every use of the binder must see the
    # same object (the binder is aliased, not stored, so this checks the alias is interned)
    body = I.Let("E", I.String(b"E"), I.Seq([
        show(I.Handle(I.Raise(I.Alloc("pair", [V("E"), I.Int(0)])), "x",
                      I.If(P("eqptr", I.Select(0, V("x")), V("E")), I.Int(1), I.Int(2)))),
        show(P("eqptr", I.String(b"E"), V("E")))]))
    out, _ = run(prog([], body))
    assert out == "10"


def test_no_frame_slot_is_scanned_before_it_is_written():
    # the mini machine poisons the dead stack at every GC entry, so a slot that a GC scans
    # before the code wrote it is reported; f has no calls (its argument stays in EBX) and
    # keeps the first pair in slot 0 across the second allocation
    F = I.CodeItem("f[t.sml:2]", "x", I.Alloc("pair", [
        I.Alloc("pair", [V("x"), I.Int(1)]), I.Alloc("pair", [V("x"), I.Int(2)])]))
    G = I.CodeItem("g[t.sml:3]", "x", I.Let("p", I.Call(I.Global(0), V("x")), I.Alloc(
        "record", [I.Select(0, I.Select(0, V("p"))), I.Call(I.Global(0), V("x")), V("p")])))
    body = I.Seq([I.SetGlobal(0, I.MakeClosure(F.name, [])),
                  I.SetGlobal(1, I.MakeClosure(G.name, [])),
                  show(I.Select(0, I.Call(I.Global(1), I.Int(42))))])
    out, m = run(prog([F, G], body), gc_every=True)
    assert out == "42" and m.gcs >= 8
