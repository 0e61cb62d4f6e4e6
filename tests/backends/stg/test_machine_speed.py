"""The machine's fast paths (session 24's speed work) give the rows and values of the slow
ones they replace: dead-cell charges a column at a time, constructor fields without the
indirection test where the field cannot be an updated thunk, case continuations returned
to inline."""

from __future__ import annotations

from profkit.backends.stg import ir
from profkit.backends.stg.ir import App, Bind, Case, ConAlt, Let, LitE, TopBind, Var

from .test_machine_util import I, force, fn, print_int, prim, run, thunk


def _rows_of_loop(n: int, cons: int, box: int) -> list[int]:
    """The rows the former ``_charge`` loop appended for ``n`` bytes."""
    out = []
    while n:
        if n == 16 or n == 32:
            out.append(box)
            n -= 16
        else:
            out.append(cons)
            n -= 24
    return out


def _len_program() -> list[TopBind]:
    length = TopBind("len", fn(["xs0"], force("xs0", "xs", Case(App("xs", []), "_", [
        ConAlt("[]", [], LitE(I(0))),
        ConAlt(":", ["h", "t"], Case(App("len", [Var("t")]), "n", [],
                                     default=prim("+", Var("n"), I(1))))])), "len"), "Main")
    return [length]


def test_charge_appends_the_rows_of_cells_then_boxes():
    r = run(_len_program() + [TopBind("main", print_int(App("len", [Var("[]")])), "Main")])
    assert r.error is None
    ns = r.machine.ns
    site, producer = r.machine.header.site, r.machine.header.producer
    for n in list(range(16, 400, 8)) + [992, 4096 + 16]:
        start = len(site)
        ns["_charge"](n)
        assert list(site[start:]) == _rows_of_loop(n, ns["S_CONS"], ns["S_IBOX"]), n
        assert list(producer[start:]) == [ns["CCS"]] * (len(site) - start)


def test_constructor_fields_skip_the_indirection_test_only_where_it_cannot_apply():
    # len (h : t) where t is a thunk allocated in the same block, h a parameter (may be an
    # updated thunk) used twice in one constructor, f a let-bound function
    body = Let([Bind("t", thunk(ir.ConApp("[]", []))), Bind("f", fn(["y"], App("y", [])))],
               Let([Bind("p", ir.ConRhs("(,,)", [Var("x"), Var("x"), Var("f")]))],
                   Let([Bind("c", ir.ConRhs(":", [Var("p"), Var("t")]))],
                       App("len", [Var("c")]))))
    g = TopBind("g", fn(["x"], body, "g"), "Main")
    r = run(_len_program() + [g, TopBind("main", print_int(App("g", [I(1)])), "Main")])
    assert r.error is None and r.output == "1\n"
    src = r.machine.source
    at = src.rindex("\ndef ", 0, src.index("NEW(Con3)"))
    block = src[at:src.index("\ndef ", at + 1)]
    tuple_line = next(x for x in block.splitlines() if "NEW(Con3)" in x)
    # x twice: its indirection passed once, into a local; f (a function) as it is
    assert tuple_line.count("_x :=") == 0 and tuple_line.count("= _p0;") == 2, tuple_line
    assert "_p0 = (_x if type(_x := env[0])" in block
    first_cons = [x for x in block.splitlines() if "NEW(Con2)" in x][0]
    assert "_x :=" not in first_cons  # p (a constructor) and t (this block's thunk)


def test_return_to_a_case_continuation_inline():
    # nested cases: the inner value is returned to the outer continuation without rt.ret
    e = Case(App("len", [Var("[]")]), "a", [],
             default=Case(prim("+", Var("a"), I(41)), "b", [], default=App("b", [])))
    r = run(_len_program() + [TopBind("main", print_int(e), "Main")])
    assert r.error is None and r.output == "41\n"
    assert "len(_f) == 4:" in r.machine.source


def test_template_sources_are_what_inspect_reads():
    """rt reads its templates' text without inspect (start-up): the same lines."""
    import inspect
    import textwrap

    from profkit.backends.stg.machine import rt
    for fn in rt.RUNTIME_FUNCTIONS:
        want = (fn.__code__.co_firstlineno, textwrap.dedent(inspect.getsource(fn)).splitlines())
        assert rt._TEMPLATES[fn.__name__] == want, fn.__name__

    def spare(x):
        y = (x +
             1)
        return y
        # a trailing comment inside the function

    got = rt.template_sources((spare,), __file__)["spare"]
    assert got == (spare.__code__.co_firstlineno,
                   textwrap.dedent(inspect.getsource(spare)).splitlines())


def test_unknown_call_of_a_function_of_its_arity_inline():
    # app g x = g x, called with a let-bound function (with a free variable: its fv list
    # goes before the argument) and with a partial application (a PAP: left to rt.apply)
    app = TopBind("app", fn(["g", "x"], App("g", [Var("x")]), "app"), "Main")
    add = TopBind("add", fn(["a", "b"], prim("+", Var("a"), Var("b")), "add"), "Main")
    body = Let([Bind("k", thunk(LitE(I(10))))],
               Let([Bind("f", fn(["y"], force("k", "kv", prim("+", Var("y"), Var("kv")))))],
                   Let([Bind("p", thunk(App("add", [I(100)])))],
                       Case(App("app", [Var("f"), I(1)]), "u", [],
                            default=Case(App("app", [Var("p"), Var("u")]), "w", [],
                                         default=App("w", []))))))
    # (no scheme listening: a plain run, whose generated code has the inline paths)
    r = run([app, add, TopBind("main", print_int(body), "Main")], recorder=False)
    assert not r.machine.features
    assert r.error is None and r.output == "111\n"
    assert "(_l := _g.lf).arity == 1:" in r.machine.source
    assert "if type(_f := stack[-1]) is Thunk:" in r.machine.source  # an update frame's
    # with a scheme that reads per-object state, both are left to rt.apply and rt.ret
    r = run([app, add, TopBind("main", print_int(body), "Main")])
    assert r.machine.features and r.error is None and r.output == "111\n"
    assert "(_l := _g.lf)" not in r.machine.source
    assert "if type(_f := stack[-1]) is Thunk:" not in r.machine.source
