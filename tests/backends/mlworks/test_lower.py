"""Lowering to the IR: MLWorks names, data representation, closure conversion, and
well-formedness invariants the code generators rely on."""

from __future__ import annotations

from pathlib import Path

import pytest

from profkit.backends.mlworks import ir
from profkit.backends.mlworks.frontend.pipeline import compile_sml
from tests.conftest import REFERENCE as REFDATA

REF = REFDATA / "sml/programs"
OWN = Path(__file__).parent / "programs"
ALL_PROGRAMS = sorted(REF.glob("*.sml")) + sorted(OWN.glob("*.sml"))

PRIM_OPS = set("add sub mul div mod quot rem neg abs lt le gt ge eq ne eqptr is_int radd rsub "
               "rmul rdiv rneg rlt rle rgt rge req real_of_int floor trunc round ceil sqrt "
               "not".split())
FLOAT_OPS = {"radd", "rsub", "rmul", "rdiv", "rneg", "real_of_int", "sqrt"}
SERVICES = set("print int_to_string real_to_string string_concat string_concat_list "
               "string_size string_sub substring implode explode string_eq string_lt "
               "array_make array_sub array_update array_length int_from_string "
               "structural_eq exit char_to_string string_compare array_from_list".split())


def items_of(src: str, name: str = "t.sml") -> dict[str, ir.CodeItem]:
    return {it.name: it for it in compile_sml(src, name).items}


def nodes(e):
    """Every IR node under ``e`` (pre-order)."""
    stack = [e]
    while stack:
        x = stack.pop()
        yield x
        kids = []
        for f in x.__slots__:
            v = getattr(x, f)
            if isinstance(v, list):
                kids += [y[1] if isinstance(y, tuple) else y for y in v
                         if not isinstance(y, str)]
            elif hasattr(v, "__slots__"):
                kids.append(v)
        stack.extend(reversed(kids))


def body_of(items, prefix):
    return next(it for n, it in items.items() if n.startswith(prefix))


# ------------------------------------------------------------------------------- names


def test_names_follow_mlworks():
    prog = compile_sml((REF / "partial.sml").read_text(), "/some/dir/partial.sml")
    names = [it.name for it in prog.items]
    assert prog.setup == "<Setup>[partial.sml:1,1]"
    assert prog.source_file == "partial.sml"
    for n in ("f[partial.sml:4]", "f argument 2[partial.sml:4]", "main[partial.sml:8]",
              "<anon>[partial.sml:10]", "<Setup>[basis.sml:1,1]"):
        assert n in names
    assert len(names) == len(set(names))


def test_curried_function_with_three_arguments_and_anon_collisions():
    items = items_of("fun add3 a b c = a + b + c\n"
                     "val fs = (fn x => x, fn y => y + 1)\n")
    assert {"add3[t.sml:1]", "add3 argument 2[t.sml:1]", "add3 argument 3[t.sml:1]",
            "<anon>[t.sml:2]", "<anon>[t.sml:2,22]"} <= set(items)


def test_items_in_source_order_basis_first():
    prog = compile_sml((REF / "closures.sml").read_text(), "closures.sml")
    lines = [it.line for it in prog.items if "[closures.sml" in it.name]
    assert lines == sorted(lines)
    assert prog.items[0].name.endswith("[basis.sml:1,1]")


def test_unused_basis_is_dropped():
    prog = compile_sml((REF / "nfib.sml").read_text(), "nfib.sml")
    assert [it.name for it in prog.items] == [
        "<Setup>[basis.sml:1,1]", "<Setup>[nfib.sml:1,1]", "nfib[nfib.sml:2]",
        "main[nfib.sml:4]"]


def test_thousands_of_top_level_declarations():
    # top-level declarations are lowered iteratively, not by recursion per declaration
    src = "\n".join(f"val x{i} = {i}" for i in range(3000)) + "\nval () = print \"ok\""
    prog = compile_sml(src, "big.sml")
    setup = next(it for it in prog.items if it.name == prog.setup)
    assert sum(isinstance(n, ir.SetGlobal) for n in nodes(setup.body)) == 3000


# ------------------------------------------------------------------------------- data


def setup_value(src: str, index: int = -1):
    """The value stored by the last SetGlobal of the program's setup."""
    prog = compile_sml(src, "t.sml")
    setup = next(it for it in prog.items if it.name == prog.setup)
    sets = [n for n in nodes(setup.body) if isinstance(n, ir.SetGlobal)]
    return sets[0].value


def test_list_representation():
    # cons cells are named for heap profiles (-hd, -hy): "::", of type "list"
    assert setup_value("val l = [1, 2]") == ir.Alloc("pair", [
        ir.Int(1), ir.Alloc("pair", [ir.Int(2), ir.Int(0)], "::", "list")], "::", "list")
    assert setup_value("val l = 3 :: nil") == ir.Alloc("pair", [ir.Int(3), ir.Int(0)],
                                                      "::", "list")


def test_constructor_representation():
    src = "datatype t = A | B of int | C | D of string\n"
    assert setup_value(src + "val x = C") == ir.Int(1)
    assert setup_value(src + "val x = D \"s\"") == ir.Alloc("pair", [ir.Int(1), ir.String(b"s")],
                                                                  "D", "t")
    assert setup_value("val x = SOME 3") == ir.Alloc("pair", [ir.Int(0), ir.Int(3)],
                                                               "SOME", "option")
    assert setup_value("val x = NONE : int option") == ir.Int(0)
    assert setup_value("val x = (true, false)") == ir.Alloc("pair", [ir.Int(1), ir.Int(0)])


def test_tuple_and_record_representation():
    assert setup_value("val t = (1, 2, 3)") == ir.Alloc("record", [ir.Int(1), ir.Int(2), ir.Int(3)])
    # records are laid out in label order; fields without effects need no temporaries
    assert setup_value("val r = {b = 1, a = 2}") == ir.Alloc("pair", [ir.Int(2), ir.Int(1)],
                                                             "{a,b}", "{a,b}")
    assert setup_value("val r = #c {a = 1, b = 2, c = 3}") == ir.Select(2, ir.Alloc(
        "record", [ir.Int(1), ir.Int(2), ir.Int(3)], "{a,b,c}", "{a,b,c}"))
    assert setup_value("val u = ()") == ir.Int(0)


def test_exception_values_are_records_of_identity_and_argument():
    v = setup_value("val e = Fail \"x\"")
    assert v == ir.Alloc("record", [ir.String(b"Fail"), ir.String(b"x")], "Fail", "exn")
    prog = compile_sml("exception E\nval e = E", "t.sml")
    assert prog.exn_names["Overflow"] == b"Overflow"
    setup = next(it for it in prog.items if it.name == prog.setup)
    sets = [n for n in nodes(setup.body) if isinstance(n, ir.SetGlobal)]
    # the identity of a user exception is created once, in a global
    assert sets[0].value == ir.String(b"E")
    assert sets[1].value == ir.Alloc("record", [ir.Global(sets[0].index), ir.Int(0)], "E",
                                     "exn")


def test_real_arithmetic_is_boxed():
    items = items_of("fun h (x : real) = x * 2.0 + 1.0")
    body = items["h[t.sml:1]"].body
    assert isinstance(body, ir.Alloc) and body.kind == "real"
    assert body.fields[0].op == "radd"


@pytest.mark.parametrize("expr,kind", [
    ("1 = 2", ("Prim", "eq")), ("#\"a\" = #\"b\"", ("Prim", "eq")),
    ("\"a\" = \"b\"", ("Runtime", "string_eq")), ("[1] = [1]", ("Runtime", "structural_eq")),
    ("ref 1 = ref 1", ("Prim", "eqptr")), ("SOME 1 = NONE", ("Runtime", "structural_eq")),
])
def test_equality_lowering_by_type(expr, kind):
    v = setup_value(f"val b = {expr}")
    assert (type(v).__name__, getattr(v, "op", getattr(v, "service", None))) == kind


def test_string_comparison_uses_service():
    v = setup_value("val b = \"a\" < \"b\"")
    assert isinstance(v, ir.Runtime) and v.service == "string_lt"


def test_switch_on_integer_clauses():
    items = items_of("fun fib 0 = 0 | fib 1 = 1 | fib n = fib (n - 1) + fib (n - 2)")
    body = items["fib[t.sml:1]"].body
    assert isinstance(body, ir.Switch)
    assert [k for k, _ in body.cases] == [0, 1]


# ------------------------------------------------------------------------------- closures


def test_free_variables_become_env_vars():
    items = items_of("fun adder x = fn y => x + y")
    outer = items["adder[t.sml:1]"]
    inner = items["<anon>[t.sml:1]"]
    assert outer.body == ir.MakeClosure("<anon>[t.sml:1]", [ir.Var(outer.param)])
    assert inner.body == ir.Prim("add", [ir.EnvVar(1), ir.Var(inner.param)])


def test_top_level_values_are_globals_not_captured():
    prog = compile_sml("val k = 10\nfun f x = x + k", "t.sml")
    items = {it.name: it for it in prog.items}
    (k_slot,) = [n.index for n in nodes(items[prog.setup].body)
                 if isinstance(n, ir.SetGlobal) and n.value == ir.Int(10)]
    body = items["f[t.sml:2]"].body
    assert body == ir.Prim("add", [ir.Var(items["f[t.sml:2]"].param), ir.Global(k_slot)])


def test_local_recursion_uses_self_closure():
    items = items_of("fun f n = let fun loop i = if i = 0 then n else loop (i - 1) in loop n end")
    loop = items["loop[t.sml:1]"]
    calls = [n for n in nodes(loop.body) if isinstance(n, ir.Call)]
    assert calls[0].fn == ir.SelfClosure()
    assert ir.EnvVar(1) in list(nodes(loop.body))  # n, captured


def test_mutual_recursion_shares_one_closure():
    src = ("fun f k =\n"
           "  let fun ev 0 = k | ev n = od (n - 1)\n"
           "      and od 0 = k + 1 | od n = ev (n - 1)\n"
           "  in ev end")
    items = items_of(src)
    f = items["f[t.sml:1]"]
    lr = f.body
    assert isinstance(lr, ir.LetRecClosures)
    assert lr.codes == ["ev[t.sml:2]", "od[t.sml:3]"]
    assert lr.free == [ir.Var(f.param)]
    ev_nodes = list(nodes(items["ev[t.sml:2]"].body))
    od_nodes = list(nodes(items["od[t.sml:3]"].body))
    # k is free field 0 after the two code pointers: EnvVar(n + m - k) = 2, 1
    assert ir.EnvVar(2) in ev_nodes and ir.EnvVar(1) in od_nodes
    assert ir.SiblingClosure(1) in ev_nodes and ir.SiblingClosure(-1) in od_nodes


# ------------------------------------------------------------------------------- invariants


def check_item(it: ir.CodeItem, all_names: set[str], n_globals: int) -> None:
    """Scoping and shape invariants of one code item."""
    def walk(e, scope: frozenset):
        t = type(e)
        if t is ir.Var:
            assert e.name in scope, f"{it.name}: unbound {e.name}"
        elif t is ir.Let:
            walk(e.value, scope)
            walk(e.body, scope | {e.name})
            return
        elif t is ir.Handle:
            walk(e.body, scope)
            walk(e.handler, scope | {e.name})
            return
        elif t is ir.LetRecClosures:
            for x in e.free:
                walk(x, scope)
            assert all(c in all_names for c in e.codes)
            walk(e.body, scope | set(e.names))
            return
        elif t is ir.MakeClosure:
            assert e.code in all_names
        elif t in (ir.Global, ir.SetGlobal):
            assert 0 <= e.index < n_globals
        elif t is ir.Prim:
            assert e.op in PRIM_OPS, e.op
        elif t is ir.Runtime:
            assert e.service in SERVICES and len(e.args) == 1
        elif t is ir.Alloc:
            assert e.kind in ("pair", "record", "ref", "real")
            if e.kind == "pair":
                assert len(e.fields) == 2
            if e.kind == "real":
                f = e.fields[0]
                assert isinstance(f, ir.Real) or (isinstance(f, ir.Prim) and f.op in FLOAT_OPS)
        elif t is ir.EnvVar:
            assert e.index >= 1
        if t is ir.Prim and e.op in FLOAT_OPS:
            pass  # checked from the enclosing Alloc
        for f in e.__slots__:
            v = getattr(e, f)
            if isinstance(v, list):
                for y in v:
                    walk(y[1] if isinstance(y, tuple) else y, scope)
            elif hasattr(v, "__slots__"):
                walk(v, scope)
    walk(it.body, frozenset({it.param}))


@pytest.mark.parametrize("path", ALL_PROGRAMS, ids=lambda p: p.stem)
def test_ir_is_well_formed(path):
    prog = compile_sml(path.read_text(), path.name)
    names = {it.name for it in prog.items}
    assert len(names) == len(prog.items)
    assert prog.setup in names
    for it in prog.items:
        check_item(it, names, prog.n_globals)
    # float-valued primitives only ever appear boxed
    for it in prog.items:
        for n in nodes(it.body):
            if isinstance(n, ir.Alloc) and n.kind == "real":
                continue
            for f in getattr(n, "__slots__", ()):
                v = getattr(n, f)
                children = v if isinstance(v, list) else [v]
                for c in children:
                    if isinstance(c, ir.Prim) and c.op in FLOAT_OPS:
                        assert isinstance(n, ir.Alloc) and n.kind == "real"
