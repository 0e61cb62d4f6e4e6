"""The reference IR interpreter on hand-built IR: the semantics the code generators are
compared against (closure field numbering, shared closures, Switch, handlers, overflow)."""

from __future__ import annotations

import pytest

from profkit.backends.mlworks import ir

from .ir_interp import run_program


def program(setup_body: ir.Expr, *items: ir.CodeItem, n_globals: int = 1) -> ir.Program:
    setup = ir.CodeItem("<Setup>[t.sml:1,1]", "u", setup_body, 1)
    return ir.Program(list(items) + [setup], setup.name, n_globals, "t.sml",
                      {n: n.encode() for n in ("Overflow", "Div", "Match")})


def show(e: ir.Expr) -> ir.Expr:
    return ir.Runtime("print", [ir.Runtime("int_to_string", [e])])


def out(prog: ir.Program) -> str:
    r = run_program(prog)
    return r.stdout + (f"[{r.uncaught}]" if r.uncaught else "")


def test_closure_free_variables_are_fields_from_one():
    add = ir.CodeItem("add", "y", ir.Prim("add", [ir.EnvVar(1), ir.Prim(
        "mul", [ir.EnvVar(2), ir.Var("y")])]))
    body = ir.Call(ir.MakeClosure("add", [ir.Int(5), ir.Int(3)]), ir.Int(4))
    assert out(program(show(body), add)) == "17"


def test_shared_closure_members_count_fields_from_their_own_pointer():
    # ev/od share [ev, od, limit]: ev (k=0) reads limit as EnvVar(2), od (k=1) as EnvVar(1)
    def member(name, k, other_offset, base):
        return ir.CodeItem(name, "n", ir.If(
            ir.Prim("eq", [ir.Var("n"), ir.Int(0)]),
            ir.Prim("add", [ir.EnvVar(2 - k), ir.Int(base)]),
            ir.Call(ir.SiblingClosure(other_offset), ir.Prim("sub", [ir.Var("n"), ir.Int(1)]))))
    ev, od = member("ev", 0, 1, 0), member("od", 1, -1, 1000)
    body = ir.LetRecClosures(["e", "o"], ["ev", "od"], [ir.Int(7)], ir.Seq([
        show(ir.Call(ir.Var("e"), ir.Int(4))), show(ir.Call(ir.Var("o"), ir.Int(4))),
        show(ir.Call(ir.Var("e"), ir.Int(3)))]))
    assert out(program(body, ev, od)) == "7" "1007" "1007"


def test_switch_and_default():
    body = ir.Seq([show(ir.Switch(ir.Int(k), [(0, ir.Int(10)), (2, ir.Int(12))], ir.Int(99)))
                   for k in (0, 1, 2)])
    assert out(program(body)) == "10" "99" "12"


def test_handle_binds_the_exception_and_reraises():
    exn = ir.Alloc("record", [ir.String(b"Div"), ir.Int(0)])
    caught = ir.Handle(ir.Raise(exn), "x", ir.If(
        ir.Prim("eqptr", [ir.Select(0, ir.Var("x")), ir.String(b"Div")]), ir.Int(1),
        ir.Raise(ir.Var("x"))))
    assert out(program(show(caught))) == "1"
    uncaught = ir.Handle(ir.Prim("div", [ir.Int(1), ir.Int(0)]), "x", ir.If(
        ir.Prim("eqptr", [ir.Select(0, ir.Var("x")), ir.String(b"Match")]), ir.Int(1),
        ir.Raise(ir.Var("x"))))
    assert out(program(show(uncaught))) == "[Exception- Div raised]"


@pytest.mark.parametrize("op,a,b,result", [
    ("add", 536870911, 0, "536870911"), ("add", 536870911, 1, "[Exception- Overflow raised]"),
    ("sub", -536870912, 1, "[Exception- Overflow raised]"), ("mul", 1 << 15, 1 << 14,
                                                            "[Exception- Overflow raised]"),
    ("div", 7, -2, "~4"), ("mod", 7, -2, "~1"), ("div", -7, 2, "~4"), ("mod", -7, 2, "1"),
    ("quot", -7, 2, "~3"), ("rem", -7, 2, "~1"), ("mod", 1, 0, "[Exception- Div raised]"),
])
def test_integer_primitives(op, a, b, result):
    assert out(program(show(ir.Prim(op, [ir.Int(a), ir.Int(b)])))) == result


def test_globals_tail_calls_and_boxed_reals():
    # a tail-recursive loop of 100000 iterations runs in constant Python stack
    loop = ir.CodeItem("loop", "n", ir.If(
        ir.Prim("eq", [ir.Var("n"), ir.Int(0)]), ir.Global(0),
        ir.Seq([ir.SetGlobal(0, ir.Prim("add", [ir.Global(0), ir.Int(1)])),
                ir.Call(ir.SelfClosure(), ir.Prim("sub", [ir.Var("n"), ir.Int(1)]))])))
    half = ir.Alloc("real", [ir.Prim("rdiv", [ir.Alloc("real", [ir.Prim(
        "real_of_int", [ir.Int(7)])]), ir.Alloc("real", [ir.Real(2.0)])])])
    body = ir.Seq([ir.SetGlobal(0, ir.Int(0)), show(ir.Call(ir.MakeClosure("loop", []),
                                                               ir.Int(100000))),
                   ir.Runtime("print", [ir.Runtime("real_to_string", [half])])])
    assert out(program(body, loop)) == "100000" "3.5"
