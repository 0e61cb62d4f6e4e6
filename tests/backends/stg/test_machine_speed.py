"""The machine's fast paths (session 24's speed work) give the rows and values of the slow
ones they replace: dead-cell charges a column at a time, constructor fields without the
indirection test where the field cannot be an updated thunk, the templates' text read
without inspect."""

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

